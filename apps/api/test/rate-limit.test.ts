import { MESSAGES } from "@vetportal/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, PRACTICE } from "./helpers.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_ACCOUNT: 3, LOGIN_RATE_LIMIT_PER_IP: 6 });
});
afterAll(() => t.close());

const attempt = (body: Record<string, string>, ip = "10.1.1.1") =>
  t.app.inject({ method: "POST", url: "/api/auth", payload: { method: "address", ...body }, remoteAddress: ip });

describe("sign-in rate limits", () => {
  it("does not count successful sign-ins against the practice", async () => {
    for (let i = 0; i < 4; i++) expect((await attempt(PRACTICE, `10.9.9.${i}`)).statusCode).toBe(200);
  });

  it("limits failed attempts per practice, whatever the IP, and then refuses even the right address", async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt({ ...PRACTICE, zip_code: "00000" }, `10.0.0.${i}`)).statusCode).toBe(401);
    const limited = await attempt(PRACTICE, "10.0.0.99");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: "RATE_LIMITED", message: MESSAGES.loginRateLimited });
  });

  it("limits attempts per IP, whatever the practice", async () => {
    const ip = "10.2.2.2";
    for (let i = 0; i < 6; i++) {
      const res = await attempt({ address_name: `Clinic ${i}`, line1: "1 Main Street", zip_code: "10001" }, ip);
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await attempt({ address_name: "Clinic 7", line1: "1 Main Street", zip_code: "10001" }, ip)).statusCode,
    ).toBe(429);
    // Another IP is not affected.
    expect(
      (await attempt({ address_name: "Clinic 8", line1: "1 Main Street", zip_code: "10001" }, "10.3.3.3")).statusCode,
    ).toBe(401);
  });
});
