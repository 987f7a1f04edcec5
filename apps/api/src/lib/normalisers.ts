/**
 * Name normalisers for matching what a person types against what is stored (DESIGN §5). The SQL
 * twin of `normalizeForMatch` is `normalized()` in db/sql/normalized.ts; a property test holds the
 * two together.
 */

/** Matching of practice name, address line and zip ignores case, spacing and punctuation (DESIGN §5). */
export function normalizeForMatch(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** USPS street-suffix and direction abbreviations: "120 Market St." matches "120 Market Street". */
const ADDRESS_WORDS: Record<string, string> = {
  street: "st",
  avenue: "ave",
  av: "ave",
  road: "rd",
  boulevard: "blvd",
  drive: "dr",
  lane: "ln",
  court: "ct",
  place: "pl",
  suite: "ste",
  highway: "hwy",
  parkway: "pkwy",
  square: "sq",
  terrace: "ter",
  circle: "cir",
  north: "n",
  south: "s",
  east: "e",
  west: "w",
  northeast: "ne",
  northwest: "nw",
  southeast: "se",
  southwest: "sw",
};
export function normalizeAddressLine(value: string): string {
  return normalizeForMatch(value)
    .split(" ")
    .map((word) => ADDRESS_WORDS[word] ?? word)
    .join(" ");
}
