import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults for the embedded database", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: "./data", CUSTOMER_ID: 1850, SESSION_TTL_SECONDS: 996000 });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it("bounds the database by default and refuses a query timeout the statement timeout cannot act within", () => {
    expect(loadConfig({})).toMatchObject({ DATABASE_STATEMENT_TIMEOUT_MS: 5000, DATABASE_QUERY_TIMEOUT_MS: 7000 });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "8000" })).toThrow(
      /DATABASE_QUERY_TIMEOUT_MS: must be longer than DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it("lists every bad variable in one readable error", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SEED_DEMO_DATA: "maybe", CANCEL_WINDOW_HOURS: "-1" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of ["PORT", "DATABASE_URL", "SEED_DEMO_DATA", "CANCEL_WINDOW_HOURS"])
      expect(message).toContain(`- ${name}:`);
  });
});
