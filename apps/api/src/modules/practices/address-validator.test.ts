import { describe, expect, it } from "vitest";
import { checkDeliverable } from "./address-validator.ts";

describe("checkDeliverable", () => {
  it.each([
    ["CA", "94105"],
    ["NY", "12601"],
    ["NY", "10001-2345"],
    ["DC", "20003"],
    ["MA", "02116"],
    ["MA", "05501"], // Andover's IRS ZIPs sit in Vermont's range but belong to Massachusetts
    ["VT", "05401"],
    ["TX", "88510"], // El Paso's 885 prefix
    ["HI", "96813"],
  ])("accepts %s %s", (state, zip_code) => expect(checkDeliverable({ state, zip_code })).toEqual({ ok: true }));

  it.each([
    ["a ZIP of another state", "CA", "10001", "zip_state"],
    ["a New York ZIP given as New Jersey", "NJ", "12601", "zip_state"],
    ["Puerto Rico", "PR", "00901", "state"],
    ["Guam", "GU", "96910", "state"],
    ["American Samoa's ZIP under Hawaii", "HI", "96799", "zip_state"],
    ["a military APO ZIP under California", "CA", "96201", "zip_state"],
    ["a four-digit ZIP", "CA", "9410", "zip_format"],
    ["letters in the ZIP", "CA", "94I05", "zip_format"],
    ["a malformed ZIP+4", "CA", "94105-12", "zip_format"],
    ["an unknown state", "XX", "94105", "state"],
  ])("rejects %s", (_case, state, zip_code, reason) =>
    expect(checkDeliverable({ state, zip_code })).toEqual({ ok: false, reason }),
  );
});
