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

export type TwoSessionsApp = Awaited<ReturnType<typeof createTestApp>> & {
  /** Two access tokens of the demo practice: two tabs or two computers. */
  tokens: [string, string];
  practiceUserId: number;
};

/**
 * The test file's app (createTestApp, on its own copy of the template database) with the demo
 * practice signed in twice at once: for one practice's writes from two sessions. Built in
 * beforeAll, closed in afterAll; read its fields in hooks and tests.
 */
export function usePracticeTwice(): TwoSessionsApp {
  const t = {} as TwoSessionsApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp());
    const logins = await Promise.all([signInPractice(t.app), signInPractice(t.app)]);
    t.tokens = [logins[0].access_token, logins[1].access_token];
    t.practiceUserId = logins[0].profile.user_id;
  });
  afterAll(() => t.close());
  return t;
}
