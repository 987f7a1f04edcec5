import { US_STATE_CODES, ZIP_PATTERN } from "@vetportal/contract";

/**
 * Offline deliverability check for sign-up addresses (issue 3): a US state or DC (no territories,
 * SPEC §5's note), a ZIP or ZIP+4, and a ZIP whose first three digits belong to that state.
 * Ranges are the USPS three-digit ZIP prefixes (sectional centers) of each state.
 */
const PREFIXES: Record<string, string> = {
  AL: "350-369",
  AK: "995-999",
  AZ: "850-865",
  AR: "716-729",
  CA: "900-961",
  CO: "800-816",
  CT: "060-069",
  DE: "197-199",
  DC: "200-205 569",
  FL: "320-339 341-349",
  GA: "300-319 398-399",
  HI: "967-968",
  ID: "832-838",
  IL: "600-629",
  IN: "460-479",
  IA: "500-528",
  KS: "660-679",
  KY: "400-427",
  LA: "700-714",
  ME: "039-049",
  MD: "206-219",
  MA: "010-027 055",
  MI: "480-499",
  MN: "550-567",
  MS: "386-397",
  MO: "630-658",
  MT: "590-599",
  NE: "680-693",
  NV: "889-898",
  NH: "030-038",
  NJ: "070-089",
  NM: "870-884",
  NY: "005 063 100-149",
  NC: "270-289",
  ND: "580-588",
  OH: "430-459",
  OK: "730-749",
  OR: "970-979",
  PA: "150-196",
  RI: "028-029",
  SC: "290-299",
  SD: "570-577",
  TN: "370-385",
  TX: "750-799 885",
  UT: "840-847",
  VT: "050-054 056-059",
  VA: "201 220-246",
  WA: "980-994",
  WV: "247-268",
  WI: "530-549",
  WY: "820-831",
};

/** "200-205 569" → [[200, 205], [569, 569]]: the ranges of three-digit prefixes a state's ZIPs start with. */
const prefixRanges = (ranges: string): [number, number][] =>
  ranges.split(" ").map((range) => {
    const [from, to = from] = range.split("-").map(Number) as [number, number?];
    return [from, to];
  });
const RANGES = Object.fromEntries(Object.entries(PREFIXES).map(([state, ranges]) => [state, prefixRanges(ranges)]));

/** ZIP codes inside a state's prefix range that belong to a territory (American Samoa uses 96799). */
const TERRITORY_ZIPS = new Set(["96799"]);

export type AddressCheck = { ok: true } | { ok: false; reason: "state" | "zip_format" | "zip_state" };

export function checkDeliverable(address: { state: string; zip_code: string }): AddressCheck {
  const state = address.state.trim().toUpperCase();
  const zip = address.zip_code.trim();
  if (!(US_STATE_CODES as readonly string[]).includes(state)) return { ok: false, reason: "state" };
  if (!ZIP_PATTERN.test(zip)) return { ok: false, reason: "zip_format" };
  if (TERRITORY_ZIPS.has(zip.slice(0, 5))) return { ok: false, reason: "zip_state" };
  const prefix = Number(zip.slice(0, 3));
  const ranges = RANGES[state] ?? [];
  return ranges.some(([from, to]) => prefix >= from && prefix <= to)
    ? { ok: true }
    : { ok: false, reason: "zip_state" };
}
