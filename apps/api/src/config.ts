import { z } from "zod";
import { WEB_DIST_DIR } from "./paths.ts";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");
const port = z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535);
const positiveInt = z.coerce.number({ error: "must be a whole number" }).int().positive();
const email = z.string().regex(/^[^@\s]+@[^@\s]+$/, "must be an email address");

/** Every setting of the API, read from the environment (README "Configuration" lists them). */
export const ConfigSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
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
  SEED_DEMO_DATA: bool.default(true),
  CUSTOMER_ID: positiveInt.default(1850),
  /** The configured admin user id of SPEC §6: gets the customer's full delivery-method list. */
  ADMIN_USER_ID: positiveInt.default(1),
  /** Customer id whose user list shows a Practice column instead of name and email (SPEC §9). */
  PRACTICE_COLUMN_CUSTOMER_ID: positiveInt.default(1850),
  SESSION_TTL_SECONDS: positiveInt.default(996000),
  REFRESH_TTL_SECONDS: positiveInt.default(30 * 24 * 3600),
  CANCEL_WINDOW_HOURS: z.coerce.number({ error: "must be a number" }).positive().default(2),
  LOGIN_RATE_WINDOW_SECONDS: positiveInt.default(900),
  LOGIN_RATE_LIMIT_PER_IP: positiveInt.default(50),
  LOGIN_RATE_LIMIT_PER_ACCOUNT: positiveInt.default(10),
  TRUST_PROXY: bool.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: email.default("orders@vetportal.example"),
  SUPPORT_EMAIL: email.default("support@vetportal.example"),
  OPERATIONS_EMAIL: email.default("operations@vetportal.example"),
  LARGE_ORDER_EMAIL: email.default("orders@vetportal.example"),
  SUPPORT_PHONE: z.string().min(1).default("800-555-0199"),
  PET_INSURANCE_URL: z.url({ error: "must be a URL" }).default("https://www.example.com/pet-insurance"),
  WEB_DIST_DIR: z.string().min(1).default(WEB_DIST_DIR),
  SHUTDOWN_GRACE_MS: positiveInt.default(10000),
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
});

/** Parses the environment; on any bad variable throws one error listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = CheckedConfigSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
