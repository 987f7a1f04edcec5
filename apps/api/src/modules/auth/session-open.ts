import type { Profile } from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashToken, newToken } from "../../lib/hashing.ts";
import * as repo from "./auth.repository.ts";

/** A user's profile as sign-in returns it (SPEC §3): the user and their first address. */
export async function profileOf(db: Executor, userId: number): Promise<Profile> {
  const found = await repo.getUserWithFirstAddress(db, userId);
  if (!found) throw new AppError("UNAUTHENTICATED");
  const { user, address } = found;
  return {
    user_id: user.id,
    email: user.email,
    phone: user.phone,
    first_name: user.first_name,
    last_name: user.last_name,
    title: user.title,
    representation: user.representation,
    address: address
      ? {
          address_id: address.id,
          title: address.title,
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          state: address.state,
          zip_code: address.zip_code,
          country: address.country,
        }
      : null,
  };
}

/**
 * Opens a session: fresh id and refresh tokens, stored only as hashes. A session an administrator
 * opens to order for a practice names it (decision 042).
 */
export async function issueSession(
  {
    db,
    settings,
  }: { db: Executor; settings: Pick<Config, "CUSTOMER_ID" | "SESSION_TTL_SECONDS" | "REFRESH_TTL_SECONDS"> },
  opening: { userId: number; authMethod: "address" | "password"; actingForUserId?: number },
) {
  const idToken = newToken();
  const refreshToken = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + settings.SESSION_TTL_SECONDS * 1000);
  await repo.createSession(db, {
    user_id: opening.userId,
    customer_id: settings.CUSTOMER_ID,
    id_token_hash: hashToken(idToken),
    refresh_token_hash: hashToken(refreshToken),
    auth_method: opening.authMethod,
    acting_for_user_id: opening.actingForUserId ?? null,
    expires_at: expiresAt,
    refresh_expires_at: new Date(now + settings.REFRESH_TTL_SECONDS * 1000),
  });
  return {
    access_token: idToken,
    refresh_token: refreshToken,
    expiresIn: String(settings.SESSION_TTL_SECONDS),
    expireDate: expiresAt.toISOString(),
  };
}
