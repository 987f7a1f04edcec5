import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** A token is stored only as its SHA-256 (sessions, set-password links, export codes). */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new random token: 32 bytes, base64url. */
export const newToken = () => randomBytes(32).toString("base64url");

/** argon2id (the library's default algorithm). */
export const hashPassword = (password: string) => hash(password);

// Verified against when the email is unknown, so a miss costs as long as a wrong password.
const DUMMY_HASH = hash("not-a-real-password-1");

/** Checks a password against a stored hash; a user without one costs as long as a wrong password. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY_HASH, password);
    return false;
  }
  return verify(passwordHash, password);
}
