import { afterAll, beforeAll } from "vitest";
import type { Config } from "../../src/config.ts";
import { createTestApp, signInAdmin, signInPractice } from "../helpers.ts";

export type SignedInApp = Awaited<ReturnType<typeof createTestApp>> & {
  /** The demo practice's access token and user id. */
  practice: string;
  practiceUserId: number;
  /** The administrator's access token. */
  admin: string;
};

/**
 * The test file's app (createTestApp) with the demo practice and the administrator signed in:
 * built in beforeAll, closed in afterAll. Its fields are filled in once that beforeAll has run, so
 * read them in hooks and tests, not at the top of the file.
 */
export function useSignedInApp(overrides: Partial<Config> = {}): SignedInApp {
  const t = {} as SignedInApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(overrides));
    const practice = await signInPractice(t.app);
    t.practice = practice.access_token;
    t.practiceUserId = practice.profile.user_id;
    t.admin = (await signInAdmin(t.app)).access_token;
  });
  afterAll(() => t.close());
  return t;
}
