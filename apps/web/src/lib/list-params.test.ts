import { describe, expect, it } from "vitest";
import { pageSizeParam, readParams } from "./list-params.ts";

describe("readParams", () => {
  const empty = { name: "", status: "active" };

  it("reads each named param, and the empty value of one the URL leaves out", () => {
    expect(readParams(new URLSearchParams("name=paws"), empty)).toEqual({ name: "paws", status: "active" });
  });

  it("ignores params it does not name", () => {
    expect(readParams(new URLSearchParams("page=3&status=all"), empty)).toEqual({ name: "", status: "all" });
  });
});

describe("pageSizeParam", () => {
  const sizes = [10, 30, 50];

  it("takes a size that is one of the choices", () => {
    expect(pageSizeParam(new URLSearchParams("size=30"), sizes)).toBe(30);
  });

  it("falls back to the first choice for a missing or unknown size", () => {
    for (const query of ["", "size=7", "size=abc"]) {
      expect(pageSizeParam(new URLSearchParams(query), sizes)).toBe(10);
    }
  });
});
