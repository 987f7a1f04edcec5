import { STORAGE_KEYS, type StoredSession } from "@vetportal/contract";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../test/memory-storage.ts";
import { getSession, saveSession } from "./session.ts";
import { refreshSession } from "./session-refresh.ts";

// The browser's localStorage, shared by every tab, in memory (Vitest runs the web's logic under Node).
const stored = new Map<string, string>();
beforeAll(() => {
  globalThis.localStorage = memoryStorage(stored);
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const session = (tokens: Partial<StoredSession>): StoredSession => ({
  displayName: "Happy Paws",
  username: "Happy Paws",
  expireDate: inMinutes(1),
  expiresIn: "996000",
  userid: 5,
  idToken: "id-1",
  refreshToken: "refresh-1",
  registered: true,
  ...tokens,
});
/** What another tab does when it refreshes: it stores the rotated tokens. */
const anotherTabStores = (tokens: Partial<StoredSession>) =>
  stored.set(STORAGE_KEYS.session, JSON.stringify(session(tokens)));
const answer = (tokens: { access_token: string; refresh_token: string }) =>
  new Response(JSON.stringify({ result: 1, data: { ...tokens, expiresIn: "996000", expireDate: inMinutes(16_600) } }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  stored.clear();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  saveSession({ session: session({}), profile: null, privileges: null });
});
afterEach(() => vi.restoreAllMocks());

const sentRefreshToken = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).refresh_token;

describe("refreshSession with rotating refresh tokens (decision 026)", () => {
  it("stores the new refresh token the server answers, with the new id token", async () => {
    fetchMock.mockResolvedValueOnce(answer({ access_token: "id-2", refresh_token: "refresh-2" }));
    expect(await refreshSession()).toBe("refreshed");
    expect(sentRefreshToken()).toBe("refresh-1");
    expect(getSession()?.session).toMatchObject({ idToken: "id-2", refreshToken: "refresh-2" });
    expect(JSON.parse(stored.get(STORAGE_KEYS.session) ?? "{}")).toMatchObject({ refreshToken: "refresh-2" });
  });

  it("adopts the tokens another tab just rotated instead of sending its own, retired one", async () => {
    anotherTabStores({ idToken: "id-2", refreshToken: "refresh-2", expireDate: inMinutes(16_600) });
    expect(await refreshSession()).toBe("refreshed");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getSession()?.session).toMatchObject({ idToken: "id-2", refreshToken: "refresh-2" });
  });

  it("refreshes with the other tab's refresh token when that session is due too", async () => {
    anotherTabStores({ idToken: "id-2", refreshToken: "refresh-2", expireDate: inMinutes(1) });
    fetchMock.mockResolvedValueOnce(answer({ access_token: "id-3", refresh_token: "refresh-3" }));
    expect(await refreshSession()).toBe("refreshed");
    expect(sentRefreshToken()).toBe("refresh-2");
    expect(getSession()?.session).toMatchObject({ idToken: "id-3", refreshToken: "refresh-3" });
  });

  it("does not adopt another user's stored session", async () => {
    anotherTabStores({ userid: 6, idToken: "id-x", refreshToken: "refresh-x", expireDate: inMinutes(16_600) });
    fetchMock.mockResolvedValueOnce(answer({ access_token: "id-2", refresh_token: "refresh-2" }));
    expect(await refreshSession()).toBe("refreshed");
    expect(sentRefreshToken()).toBe("refresh-1");
  });
});
