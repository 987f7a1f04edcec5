import { isIP } from "node:net";
import { z } from "zod";
import { WEB_DIST_DIR } from "./paths.ts";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");
const port = z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535);
const positiveInt = z.coerce.number({ error: "must be a whole number" }).int().positive();
const email = z.string().regex(/^[^@\s]+@[^@\s]+$/, "must be an email address");

/** An IP address, a CIDR range or one of proxy-addr's names for the private ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may set the client address through X-Forwarded-For (docs/decisions/003): `false`
 * (nobody, the default), a number of proxy hops in front of the API, or a comma-separated list of
 * proxy addresses or CIDR ranges. `true` (trust every peer) would let anyone forge their address,
 * so it is refused.
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim();
  if (["false", "0", "no"].includes(text)) return false;
  if (["true", "yes"].includes(text)) {
    ctx.addIssue({
      code: "custom",
      message:
        "true would trust a forged X-Forwarded-For from any client; set the number of proxy hops in front of the API (e.g. 1) or the proxies' addresses/CIDR ranges (e.g. 10.0.0.0/8)",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(",").map((e) => e.trim());
  const bad = entries.filter((e) => !isProxyRange(e));
  if (bad.length > 0) {
    ctx.addIssue({
      code: "custom",
      message: `must be false, a number of proxy hops or a comma-separated list of IP addresses/CIDR ranges (not: ${bad.join(", ")})`,
    });
    return z.NEVER;
  }
  return entries;
});

/** Every setting of the API, read from the environment (README "Configuration" lists them). */
export const ConfigSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /**
   * A certificate (with its chain) and its private key, PEM files. Both set: the portal serves
   * HTTPS, HTTP/2 to browsers that offer it and HTTP/1.1 to other clients (decision 049). Neither:
   * plain HTTP, for a proxy in front that terminates TLS (and should speak HTTP/2 to browsers).
   */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  /** Bounds on a slow or frozen PostgreSQL server (docs/decisions/011); PGlite ignores them. */
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt.default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt.default(5_000),
  DATABASE_QUERY_TIMEOUT_MS: positiveInt.default(7_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt.default(10_000),
  DATABASE_EXPORT_STATEMENT_TIMEOUT_MS: positiveInt.default(600_000),
  DATABASE_KEEPALIVE_MS: positiveInt.default(10_000),
  /**
   * A read replica for reports and CSV exports (docs/decisions/025); PostgreSQL only, with
   * DATABASE_URL. Export codes are still written and claimed on the primary.
   */
  REPORTS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** CSV downloads streaming at once, on a pool (or PGlite turn) of their own; more answer 503 (decision 025). */
  EXPORT_CONCURRENCY: positiveInt.default(2),
  /** A download whose client has not read for this long is ended and its connection released (decision 025). */
  EXPORT_IDLE_TIMEOUT_MS: positiveInt.default(30_000),
  SEED_DEMO_DATA: bool.default(true),
  CUSTOMER_ID: positiveInt.default(1850),
  /** The configured admin user id of SPEC §6: gets the customer's full delivery-method list. */
  ADMIN_USER_ID: positiveInt.default(1),
  /** Customer id whose user list shows a Practice column instead of name and email (SPEC §9). */
  PRACTICE_COLUMN_CUSTOMER_ID: positiveInt.default(1850),
  SESSION_TTL_SECONDS: positiveInt.default(996000),
  /**
   * How long a process may use cached sessions, catalogue, stock and settings before it checks the
   * database's change counters again (docs/decisions/017): what another process changed, a sign-out
   * or an inactivated user included, takes effect here within this time. 0 checks on every use.
   */
  CACHE_MAX_STALE_MS: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be 0 to 1000" })
    .max(1000, { error: "must be 0 to 1000 (a revoked session must stop working within a second)" })
    .default(500),
  REFRESH_TTL_SECONDS: positiveInt.default(30 * 24 * 3600),
  CANCEL_WINDOW_HOURS: z.coerce.number({ error: "must be a number" }).positive().default(2),
  /** Days an order waits Pending Approval before its approvers are reminded, then days more before it expires (issue 23 §2). */
  APPROVAL_REMIND_DAYS: z.coerce.number({ error: "must be a number" }).positive().default(2),
  APPROVAL_EXPIRE_DAYS: z.coerce.number({ error: "must be a number" }).positive().default(5),
  /** How often each API process looks for approvals due a reminder or expiry. */
  APPROVAL_JOB_INTERVAL_MS: positiveInt.min(1000, { error: "must be at least 1000" }).default(300_000),
  LOGIN_RATE_WINDOW_SECONDS: positiveInt.default(900),
  LOGIN_RATE_LIMIT_PER_IP: positiveInt.default(50),
  /** Failed sign-ins per account from one source (IP) per window. */
  LOGIN_RATE_LIMIT_PER_ACCOUNT: positiveInt.default(10),
  /**
   * Failed sign-ins per account from all sources per window; beyond it only a source without a
   * failure on that account may still try (docs/decisions/003).
   */
  LOGIN_RATE_LIMIT_PER_ACCOUNT_GLOBAL: positiveInt.default(100),
  /**
   * Public token routes, per source IP and window (docs/decisions/026): refreshes and set-password
   * link uses or checks with a token that does not work. Apart from the sign-in limits.
   */
  TOKEN_RATE_WINDOW_SECONDS: positiveInt.default(900),
  REFRESH_RATE_LIMIT_PER_IP: positiveInt.default(200),
  PASSWORD_LINK_RATE_LIMIT_PER_IP: positiveInt.default(30),
  TRUST_PROXY: trustProxy.default(false),
  /**
   * The portal's address as users reach it; links in emails (set-password) start with it. Unset:
   * http://localhost:<PORT> (https:// with TLS_CERT_FILE), the port the portal listens on (issue 22
   * §6; see loadConfig).
   */
  PUBLIC_URL: z
    .url({ error: "must be a URL" })
    .transform((u) => u.replace(/\/+$/, ""))
    .default(""),
  /** Lifetime of a set-password link sent to staff (docs/decisions/012). */
  PASSWORD_LINK_TTL_HOURS: positiveInt.default(24),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: email.default("orders@vetportal.example"),
  /** How long a process's claim on an outbox message lasts before another may send it (decision 024). */
  OUTBOX_LEASE_MS: positiveInt.min(1_000, { error: "must be at least 1000" }).default(120_000),
  /** How often each process looks for due outbox messages. */
  OUTBOX_INTERVAL_MS: positiveInt.min(100, { error: "must be at least 100" }).default(5_000),
  SUPPORT_EMAIL: email.default("support@vetportal.example"),
  OPERATIONS_EMAIL: email.default("operations@vetportal.example"),
  LARGE_ORDER_EMAIL: email.default("orders@vetportal.example"),
  SUPPORT_PHONE: z.string().min(1).default("800-555-0199"),
  PET_INSURANCE_URL: z.url({ error: "must be a URL" }).default("https://www.example.com/pet-insurance"),
  WEB_DIST_DIR: z.string().min(1).default(WEB_DIST_DIR),
  SHUTDOWN_GRACE_MS: positiveInt.default(10000),
  /**
   * Bearer token of GET /metrics (decision 029); unset, the route answers 404 and nothing is
   * measured. Long and random, like a password: it is compared in constant time.
   */
  METRICS_TOKEN: z
    .string()
    .min(32, { error: "must be at least 32 characters (e.g. the output of: openssl rand -hex 32)" })
    .regex(/^[\x21-\x7e]+$/, { error: "must be printable ASCII without spaces" })
    .optional(),
});
export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Rules across settings, checked after each setting's own. */
const CheckedConfigSchema = ConfigSchema.superRefine((config, ctx) => {
  // The server cancels a slow statement cleanly; the client-side limit is the backstop for a server
  // that does not answer at all, so it must leave the server's limit room to act first.
  if (config.DATABASE_QUERY_TIMEOUT_MS <= config.DATABASE_STATEMENT_TIMEOUT_MS)
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_QUERY_TIMEOUT_MS"],
      message: "must be longer than DATABASE_STATEMENT_TIMEOUT_MS",
    });
  for (const [setting, other] of [
    ["TLS_CERT_FILE", "TLS_KEY_FILE"],
    ["TLS_KEY_FILE", "TLS_CERT_FILE"],
  ] as const)
    if (config[setting] && !config[other])
      ctx.addIssue({
        code: "custom",
        path: [other],
        message: `must be set with ${setting}: HTTPS needs the certificate and its private key`,
      });
  if (config.REPORTS_DATABASE_URL && !config.DATABASE_URL)
    ctx.addIssue({
      code: "custom",
      path: ["REPORTS_DATABASE_URL"],
      message: "needs DATABASE_URL: a read replica is for a PostgreSQL server, not the embedded database",
    });
});

/** Parses the environment; on any bad variable throws one error listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = CheckedConfigSchema.safeParse(present);
  if (parsed.success) {
    const config = parsed.data;
    if (config.PUBLIC_URL) return config;
    return { ...config, PUBLIC_URL: `${config.TLS_CERT_FILE ? "https" : "http"}://localhost:${config.PORT}` };
  }
  const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
