import { PublicSettingsSchema, type StoredSession } from "@vetportal/contract";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { memoryStorage } from "../test/memory-storage.ts";
import { apiData } from "./api-client.ts";
import { saveSession } from "./session.ts";

// The browser's localStorage and window, in memory (Vitest runs the web's logic under Node).
const stored = new Map<string, string>();
beforeAll(() => {
  globalThis.localStorage = memoryStorage(stored);
  globalThis.window = globalThis as unknown as Window & typeof globalThis;
});

const session: StoredSession = {
  displayName: "Happy Paws",
  username: "Happy Paws",
  expireDate: new Date(Date.now() + 60_000).toISOString(),
  expiresIn: "996000",
  userid: 5,
  idToken: "id-1",
  refreshToken: "refresh-1",
  registered: true,
};
const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: 1, data }), { status: 200, headers: { "content-type": "application/json" } });
const settings = {
  support_phone: "800-555-0100",
  support_hours: "9–5",
  large_order_email: "orders@example.com",
  pet_insurance_url: "https://example.com/insurance",
  user_list_practice_column: false,
};
const Balances = z.object({ balances: z.array(z.object({ name: z.string() })) });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  stored.clear();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  saveSession({ session, profile: null, privileges: null });
  window.__vetportalFirstData = undefined;
});

describe("the first data the boot script started (build/boot-preload.ts)", () => {
  it("answers the same request (method, path, body, token) once, without sending it again", async () => {
    window.__vetportalFirstData = {
      "POST /api/allowance/query {} id-1": Promise.resolve(ok({ balances: [{ name: "Client education" }] })),
      "GET /api/settings  ": Promise.resolve(ok(settings)),
    };
    expect(await apiData("/api/allowance/query", { body: {}, schema: Balances })).toEqual({
      balances: [{ name: "Client education" }],
    });
    expect(await apiData("/api/settings", { method: "GET", schema: PublicSettingsSchema, token: false })).toMatchObject(
      settings,
    );
    expect(fetchMock).not.toHaveBeenCalled();

    // Taken once: the next such request goes to the server.
    fetchMock.mockResolvedValueOnce(ok({ balances: [] }));
    expect(await apiData("/api/allowance/query", { body: {}, schema: Balances })).toEqual({ balances: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does not answer a request with another body or token", async () => {
    window.__vetportalFirstData = {
      'POST /api/product/query {"id":7} id-1': Promise.resolve(ok({ balances: [{ name: "early" }] })),
      "POST /api/allowance/query {} id-0": Promise.resolve(ok({ balances: [{ name: "early" }] })),
    };
    fetchMock.mockImplementation(async () => ok({ balances: [{ name: "sent" }] }));
    expect(await apiData("/api/product/query", { body: { id: 8 }, schema: Balances })).toEqual({
      balances: [{ name: "sent" }],
    });
    expect(await apiData("/api/allowance/query", { body: {}, schema: Balances })).toEqual({
      balances: [{ name: "sent" }],
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("sends the request itself when the boot's answer failed or was not a success", async () => {
    window.__vetportalFirstData = {
      "POST /api/allowance/query {} id-1": Promise.resolve(new Response("{}", { status: 503 })),
      "GET /api/settings  ": Promise.reject(new TypeError("Failed to fetch")),
    };
    fetchMock.mockResolvedValueOnce(ok({ balances: [{ name: "sent" }] })).mockResolvedValueOnce(ok(settings));
    expect(await apiData("/api/allowance/query", { body: {}, schema: Balances })).toEqual({
      balances: [{ name: "sent" }],
    });
    expect(await apiData("/api/settings", { method: "GET", schema: PublicSettingsSchema, token: false })).toMatchObject(
      settings,
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: "Bearer id-1" });
  });
});
