import { describe, expect, it } from "vitest";
import { COUNTRIES, COUNTRY_ID_CANADA, COUNTRY_ID_MEXICO, COUNTRY_ID_UNITED_STATES } from "./geo.ts";
import { US_STATES, UsStateSchema } from "./us-states.ts";

describe("address option lists (SPEC §5, §9)", () => {
  it("lists 199 countries with the legacy ids", () => {
    expect(COUNTRIES).toHaveLength(199);
    expect(new Set(COUNTRIES.map((c) => c.id)).size).toBe(199);
    const name = (id: number) => COUNTRIES.find((c) => c.id === id)?.name;
    expect(name(COUNTRY_ID_UNITED_STATES)).toBe("United States");
    expect(name(COUNTRY_ID_CANADA)).toBe("Canada");
    expect(name(COUNTRY_ID_MEXICO)).toBe("Mexico");
  });

  it("lists the 50 states and DC, and no territory", () => {
    expect(US_STATES).toHaveLength(51);
    expect(UsStateSchema.safeParse("DC").success).toBe(true);
    for (const territory of ["PR", "GU", "VI", "AS", "MP"])
      expect(UsStateSchema.safeParse(territory).success).toBe(false);
  });
});
