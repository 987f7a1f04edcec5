import { type ActingFor, type ActingSession, ORDER_FOR_MESSAGES } from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import * as repo from "./auth.repository.ts";
import { issueSession, profileOf } from "./session-open.ts";

interface ActingDeps {
  db: Database;
  settings: Pick<Config, "CUSTOMER_ID" | "ADMIN_USER_ID" | "SESSION_TTL_SECONDS" | "REFRESH_TTL_SECONDS">;
}

type Named = {
  first_name: string | null;
  last_name: string | null;
  representation: string | null;
  email: string | null;
};

/** A person as the portal names them: first and last name, else the practice, else the email. */
const nameOf = (p: Named) => [p.first_name, p.last_name].filter(Boolean).join(" ") || p.representation || p.email || "";

/**
 * Ordering on a practice's behalf (issue 23 §4, decision 042): an administrator opens a session of
 * its own that names the practice; `authenticate` resolves every request of it to the practice, with
 * a practice's own rights. Only a session with administrator rights may open one (the route is
 * admin-only, and an acting session has none); only the acting session itself may end it.
 */
export function actingOperations(deps: ActingDeps) {
  const { db, settings } = deps;
  async function describe(practiceId: number, adminId: number): Promise<ActingFor> {
    const [profile, admin] = await Promise.all([profileOf(db, practiceId), repo.getUserWithFirstAddress(db, adminId)]);
    return {
      user_id: practiceId,
      practice_name: profile.representation || nameOf(profile),
      admin_user_id: adminId,
      admin_name: admin ? nameOf(admin.user) : "",
      profile,
    };
  }

  return {
    /** Opens a session acting for a practice; 404 for anything but an active practice of the portal. */
    async startActing(caller: SessionUser, practiceId: number): Promise<ActingSession> {
      if (!caller.isAdmin || caller.actingAdminId !== undefined) throw new AppError("FORBIDDEN");
      const practice = await repo.findOrderingPractice(db, settings.CUSTOMER_ID, practiceId, settings.ADMIN_USER_ID);
      if (!practice || practice.id === caller.userId) throw new AppError("NOT_FOUND", ORDER_FOR_MESSAGES.notAPractice);
      const tokens = await issueSession(deps, {
        userId: caller.userId,
        authMethod: caller.authMethod,
        actingForUserId: practice.id,
      });
      return { acting: await describe(practice.id, caller.userId), ...tokens };
    },

    /**
     * Ends the acting session (the administrator's own session is untouched): true. Any other
     * session is left as it is: false (the web's Stop may be sent twice, from two tabs).
     */
    async stopActing(caller: SessionUser) {
      if (caller.actingAdminId === undefined) return false;
      await repo.revokeSession(db, caller.sessionId);
      return true;
    },

    /** The session's scope, or null when it acts as itself. */
    currentActing: async (caller: SessionUser): Promise<ActingFor | null> =>
      caller.actingAdminId === undefined ? null : describe(caller.userId, caller.actingAdminId),
  };
}
