import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { selfSignedCertificate } from "../test/support/certificate.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { readTlsFiles } from "./http/tls.ts";

describe("loadConfig", () => {
  it("has working defaults for the embedded database", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: "./data", CUSTOMER_ID: 1850, SESSION_TTL_SECONDS: 996000 });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("defaults PUBLIC_URL to the port the portal listens on", () => {
    expect(loadConfig({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(loadConfig({ PORT: "5301" }).PUBLIC_URL).toBe("http://localhost:5301");
    expect(loadConfig({ PORT: "5301", PUBLIC_URL: "https://portal.example/" }).PUBLIC_URL).toBe(
      "https://portal.example",
    );
  });

  it("takes HTTPS as a certificate and key together, and then defaults PUBLIC_URL to https", () => {
    const tls = { TLS_CERT_FILE: "/etc/vetportal/cert.pem", TLS_KEY_FILE: "/etc/vetportal/key.pem" };
    expect(loadConfig({ ...tls, PORT: "8443" }).PUBLIC_URL).toBe("https://localhost:8443");
    expect(() => loadConfig({ TLS_CERT_FILE: tls.TLS_CERT_FILE })).toThrow(
      /TLS_KEY_FILE: must be set with TLS_CERT_FILE/,
    );
    expect(() => loadConfig({ TLS_KEY_FILE: tls.TLS_KEY_FILE })).toThrow(
      /TLS_CERT_FILE: must be set with TLS_KEY_FILE/,
    );
    expect(readTlsFiles(loadConfig({}))).toBeUndefined();
  });

  it("reads the certificate and key, and names the setting when they cannot be used", async () => {
    const files = await selfSignedCertificate();
    const other = await selfSignedCertificate();
    try {
      const tls = readTlsFiles({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile });
      expect(tls?.cert.toString()).toBe(files.cert);

      const missing = join(files.certFile, "..", "missing.pem");
      expect(() => readTlsFiles({ TLS_CERT_FILE: missing, TLS_KEY_FILE: files.keyFile })).toThrow(
        new ConfigError(`Invalid configuration:\n  - TLS_CERT_FILE: cannot read ${missing} (ENOENT)`),
      );
      // Another certificate's key, and a file that is not PEM at all: refused, without the key's bytes.
      const mismatch = () => readTlsFiles({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: other.keyFile });
      expect(mismatch).toThrow(ConfigError);
      expect(mismatch).toThrow(/TLS_CERT_FILE, TLS_KEY_FILE: not a PEM certificate and its private key \(.*mismatch/);
      const notPem = join(files.certFile, "..", "not-pem.txt");
      writeFileSync(notPem, "hello");
      expect(() => readTlsFiles({ TLS_CERT_FILE: notPem, TLS_KEY_FILE: files.keyFile })).toThrow(
        /not a PEM certificate and its private key/,
      );
    } finally {
      files.remove();
      other.remove();
    }
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

  it("takes a reports replica only as a PostgreSQL URL beside DATABASE_URL", () => {
    const primary = "postgres://vp@db-primary/vetportal";
    const replica = "postgresql://vp@db-replica/vetportal";
    expect(loadConfig({ DATABASE_URL: primary, REPORTS_DATABASE_URL: replica }).REPORTS_DATABASE_URL).toBe(replica);
    expect(loadConfig({}).REPORTS_DATABASE_URL).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: primary, REPORTS_DATABASE_URL: "mysql://x" })).toThrow(
      /REPORTS_DATABASE_URL: must be a postgres/,
    );
    expect(() => loadConfig({ REPORTS_DATABASE_URL: replica })).toThrow(/REPORTS_DATABASE_URL: needs DATABASE_URL/);
  });

  it("bounds exports by default", () => {
    expect(loadConfig({})).toMatchObject({ EXPORT_CONCURRENCY: 2, EXPORT_IDLE_TIMEOUT_MS: 30_000 });
    expect(() => loadConfig({ EXPORT_CONCURRENCY: "0" })).toThrow(/EXPORT_CONCURRENCY/);
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

  it("reads TRUST_PROXY as off, a number of hops or a list of addresses and ranges", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,::1/128,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "::1/128",
      "loopback",
    ]);
  });

  it("refuses TRUST_PROXY=true, which would let any client forge its address, and bad ranges", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: true would trust a forged X-Forwarded-For/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY: .*not: 10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.internal" })).toThrow(ConfigError);
  });
});
