import type { Config } from "../config.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import type { SecretSweep } from "../modules/mail/mail.service.ts";
import type { Outbox } from "../modules/mail/outbox.worker.ts";

/** Who is calling, always taken from the session (never from a payload). */
export interface SessionUser {
  sessionId: number;
  userId: number;
  customerId: number;
  userLevelId: number;
  departmentId: number | null;
  isAdmin: boolean;
  authMethod: "address" | "password";
  /** State of the user's first address, which decides the categories they see (SPEC §9). */
  state: string | null;
  /**
   * Set while an administrator's session acts for a practice (decision 042): the administrator's
   * user id. Every other field is then the practice's, with a practice's own rights (`isAdmin`
   * false, `authMethod` "address"), so acting never widens what either could do.
   */
  actingAdminId?: number;
}

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    outbox: Outbox;
    secretSweep: SecretSweep;
    /** Approval reminders and expiries (decision 040). */
    approvals: { start(): void; stop(): void; runDue(): Promise<{ reminded: number; expired: number }> };
  }
  interface FastifyRequest {
    /** Set by the auth plugin on every 'user' and 'admin' route (and 'optional' ones when a token is sent). */
    user: SessionUser;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route: anyone; anyone, identified when a token is sent ('optional'); any
     * signed-in user (the default); administrators only.
     */
    access?: "public" | "optional" | "user" | "admin";
    /**
     * Whether a call may change data the caches hold (lib/cache.ts, decision 017); default: every
     * method but GET and HEAD. After such a call, this process checks the database before it uses
     * a cached value again, so its next request sees the change. "stock": the call changes only
     * what the caches re-read at every check (stock, `caches.volatile`), never a counted table
     * (placing an order, decision 038): the next use of stock re-reads it, and nothing else is
     * checked again.
     */
    invalidatesCaches?: boolean | "stock";
  }
}
