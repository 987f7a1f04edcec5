import { COUNTRIES } from "./countries.ts";
import { dbInt } from "./primitives.ts";

export { COUNTRIES };

/** Country option id of the United States (SPEC §9). */
export const COUNTRY_ID_UNITED_STATES = 186;
export const COUNTRY_ID_CANADA = 31;
export const COUNTRY_ID_MEXICO = 114;

export const CountryIdSchema = dbInt("Country is required")
  .refine((id) => COUNTRIES.some((c) => c.id === id), "Country is required")
  // The OpenAPI document lists what the refinement accepts (decision 028).
  .meta({ enum: COUNTRIES.map((c) => c.id) });
