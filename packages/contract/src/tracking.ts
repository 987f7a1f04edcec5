import { z } from "zod";

/**
 * Carriers a shipment can go with, and where each one's tracking page is (issue 11). Every screen
 * and every email links a tracking number through trackingUrl(), so they all link the same way.
 * `OTHER` is a courier without a public tracking page: its numbers are shown, not linked.
 */
export const CARRIERS = [
  {
    code: "UPS",
    name: "UPS",
    url: "https://www.ups.com/track?loc=en_US&tracknum=",
    aliases: ["united parcel service"],
  },
  {
    code: "FEDEX",
    name: "FedEx",
    url: "https://www.fedex.com/fedextrack/?trknbr=",
    aliases: ["fed ex", "federal express", "fedex ground", "fedex express"],
  },
  {
    code: "USPS",
    name: "USPS",
    url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
    aliases: ["us postal service", "u.s. postal service", "united states postal service", "post office"],
  },
  {
    code: "DHL",
    name: "DHL",
    url: "https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=",
    aliases: ["dhl express"],
  },
  { code: "OTHER", name: "Other carrier", url: null, aliases: ["other", "courier"] },
] as const;

export type CarrierCode = (typeof CARRIERS)[number]["code"];
export const CARRIER_CODES = CARRIERS.map((c) => c.code) as [CarrierCode, ...CarrierCode[]];
export const CarrierSchema = z.enum(CARRIER_CODES, { error: "Choose a carrier" });

export function carrierName(code: string): string {
  return CARRIERS.find((c) => c.code === code)?.name ?? code;
}

/** The carrier's public tracking page for a number, or null (another carrier, or a number a legacy order kept without one). */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string): string | null {
  const found = CARRIERS.find((c) => c.code === carrier);
  return found?.url ? `${found.url}${encodeURIComponent(trackingNumber)}` : null;
}

/**
 * The carrier a spreadsheet cell names ("UPS", "FedEx", "Federal Express", "usps" …), or undefined.
 * Case, spacing and punctuation around the name do not matter.
 */
export function parseCarrier(text: string): CarrierCode | undefined {
  const key = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (!key) return undefined;
  const squashed = key.replace(/[^a-z]/g, "");
  return CARRIERS.find(
    (c) =>
      c.code.toLowerCase() === squashed ||
      c.name.toLowerCase().replace(/[^a-z]/g, "") === squashed ||
      (c.aliases as readonly string[]).includes(key),
  )?.code;
}

/** A tracking number as carriers print them: letters, digits, spaces and dashes, 4 to 40 characters. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/;
export const TRACKING_NUMBER_MESSAGE = "Enter the tracking number: 4 to 40 letters, digits, spaces or dashes";

/**
 * A tracking number as two are compared (decision 027): without spaces, in capitals, so "1z 999 aa1"
 * typed or re-imported is the package "1Z999AA1" already listed.
 */
export const trackingNumberKey = (trackingNumber: string) => trackingNumber.replace(/\s+/g, "").toUpperCase();

/** One package of a shipped order, as the practice and the staff see it. */
export const ShipmentSchema = z.object({
  /** A CARRIERS code; null for a tracking number an order kept from before shipments were recorded. */
  carrier: z.string().nullable(),
  tracking_number: z.string(),
  /** The day it left, YYYY-MM-DD. */
  shipped_on: z.string().nullable(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

/** One step of an order's status history (order_status_history): who, when, why. */
export const StatusEventSchema = z.object({
  order_status: z.number().int(),
  order_status_name: z.string(),
  created: z.string(),
  /** Who made the change ("" when unknown). */
  user_name: z.string(),
  /** True when someone other than the orderer made it (staff). */
  by_staff: z.boolean(),
  note: z.string().nullable(),
});
export type StatusEvent = z.infer<typeof StatusEventSchema>;

/** A line of a shipment: which line, how many packs. */
export const ShipmentLineSchema = z.object({
  order_product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
});
export type ShipmentLine = z.infer<typeof ShipmentLineSchema>;

/**
 * A shipment of an order that ships in parts (issue 24 §5): the day, its packages (each with its
 * tracking number) and the lines and packs it held. Shipments recorded before lines shipped on their
 * own hold no lines.
 */
export const ShipmentGroupSchema = z.object({
  id: z.number().int(),
  shipped_on: z.string(),
  packages: z.array(ShipmentSchema),
  lines: z.array(ShipmentLineSchema),
});
export type ShipmentGroup = z.infer<typeof ShipmentGroupSchema>;

/** How far an order's lines have got: "2 of 3 lines shipped, 1 printing". */
export const LineProgressSchema = z.object({
  lines: z.number().int(),
  shipped: z.number().int(),
  /** Lines not yet shipped by production status name, lower case ("printing": 1). */
  in_production: z.array(z.object({ status: z.string(), count: z.number().int() })),
  summary: z.string(),
});
export type LineProgress = z.infer<typeof LineProgressSchema>;
