import { addresses, product_price_ranges } from "../schema/index.ts";

/** The columns of a product's price tiers as pricing reads them (the contract's PriceTier, with its product). */
export const priceTierColumns = {
  product_id: product_price_ranges.product_id,
  min_quantity: product_price_ranges.min_quantity,
  max_quantity: product_price_ranges.max_quantity,
  price_cents: product_price_ranges.price_cents,
};

/** The postal part of an address: street, city, state, zip and country. */
export const postalColumns = {
  line1: addresses.line1,
  line2: addresses.line2,
  city: addresses.city,
  state: addresses.state,
  zip_code: addresses.zip_code,
  country: addresses.country,
};
