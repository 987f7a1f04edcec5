import { MESSAGES, USER_LEVEL } from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashToken, newToken } from "../../lib/hashing.ts";
import { forgetSecrets, queueEmail } from "../mail/mail.service.ts";
import { passwordLinkMail } from "../mail/templates.ts";
import * as repo from "./auth.repository.ts";

/** How a set-password link is named in the outbox message that carries it (mail's secret_ref). */
export const linkRef = (id: number) => `password_token:${id}`;

export type PasswordLinkSettings = Pick<Config, "PASSWORD_LINK_TTL_HOURS" | "PUBLIC_URL" | "ADMIN_USER_ID">;

/**
 * Set-password links (docs/decisions/012, 026), the auth module's tokens other modules hand out:
 * users (an administrator's "send a link", an email change) and practices (a new staff account).
 * Every method works in the caller's transaction.
 */
export function createPasswordLinksService({ settings }: { settings: PasswordLinkSettings }) {
  /**
   * Spends a user's unspent set-password links and cuts them out of the stored messages, in the
   * caller's transaction (docs/decisions/026). With `unlessSentTo` (the user's email after a
   * change), a link sent to that same address survives: changing the email to a new address spends
   * every link sent to the old one.
   */
  async function voidPasswordLinks(tx: Executor, userId: number, unlessSentTo?: string) {
    const spent = await repo.spendPasswordTokensOf(tx, userId, unlessSentTo);
    await forgetSecrets(tx, spent.map(linkRef));
  }

  /**
   * Emails a user a one-time, expiring link to set their password (docs/decisions/012, 026), in the
   * caller's transaction: the token is stored only as its SHA-256 and bound to the address it goes
   * to, any older unspent link of the user stops working, and the token travels in the link's
   * fragment (`#token=`), which browsers never send to a server or a log.
   */
  async function issuePasswordLink(
    tx: Executor,
    user: { id: number; email: string | null; first_name: string | null; user_level_id: number },
  ) {
    if (!user.email) {
      throw new AppError("VALIDATION_FAILED", "This user has no email address to send a link to.", {
        email: MESSAGES.emailRequired,
      });
    }
    const token = newToken();
    const hours = settings.PASSWORD_LINK_TTL_HOURS;
    const expiresAt = new Date(Date.now() + hours * 3600 * 1000);
    await repo.lockUserForPasswordLink(tx, user.id);
    await voidPasswordLinks(tx, user.id);
    const id = await repo.insertPasswordToken(tx, {
      userId: user.id,
      email: user.email,
      tokenHash: hashToken(token),
      expiresAt,
    });
    const link = `${settings.PUBLIC_URL}/set-password#token=${token}`;
    const isStaff = user.user_level_id === USER_LEVEL.ADMINISTRATOR || user.id === settings.ADMIN_USER_ID;
    await queueEmail(tx, {
      to: [user.email],
      ...passwordLinkMail(user.first_name, link, hours, isStaff),
      kind: "password_link",
      secret_ref: linkRef(id),
      secret_expires_at: expiresAt,
    });
  }

  return { issuePasswordLink, voidPasswordLinks };
}

export type PasswordLinksService = ReturnType<typeof createPasswordLinksService>;
