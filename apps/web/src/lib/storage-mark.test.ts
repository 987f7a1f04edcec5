import { CART_STORAGE_KEY, STORAGE_KEYS, type StoredSession } from "@vetportal/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../test/memory-storage.ts";
import { markKey, markWritten } from "./storage-mark.ts";

// What a stored value is read with (decision 054): a value this build wrote as it is, any other
// checked against its contract schema first. The browser's storages, in memory (Node).
let local: ReturnType<typeof memoryStorage>;
let tab: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  local = memoryStorage();
  tab = memoryStorage();
  vi.stubGlobal("localStorage", local);
  vi.stubGlobal("sessionStorage", tab);
  vi.stubGlobal("window", { addEventListener: () => {} });
  // A fresh session and cart module each time: each reads the storage once, when first asked.
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const session: StoredSession = {
  displayName: "Happy Paws",
  username: "Happy Paws",
  expireDate: new Date(Date.now() + 3_600_000).toISOString(),
  expiresIn: "3600",
  userid: 5,
  idToken: "id-1",
  refreshToken: "refresh-1",
  registered: true,
};
// The schema wants a list of privileges: a value that only a build with another contract could write.
const oddPrivileges = { user_id: 5, user_level_id: 2, user_level: "Vet", is_admin: false, privileges: "none" };

const SESSION_KEYS = [STORAGE_KEYS.session, STORAGE_KEYS.profile, STORAGE_KEYS.privileges] as const;
const sessionMark = () => local.getItem(markKey(STORAGE_KEYS.session));

/** Stores a session as the build `markedBy` would have written it (none: a build without marks). */
function storeSession(privileges: unknown, markedBy?: string) {
  local.setItem(STORAGE_KEYS.session, JSON.stringify(session));
  local.setItem(STORAGE_KEYS.profile, "null");
  local.setItem(STORAGE_KEYS.privileges, JSON.stringify(privileges));
  if (markedBy) markAs(markedBy, () => markWritten(local, SESSION_KEYS));
}

/** Does what the build `build` does, then is this build (build-b) again. */
function markAs(build: string, write: () => void) {
  vi.stubEnv("STORAGE_MARK", build);
  write();
  vi.stubEnv("STORAGE_MARK", "build-b");
}

async function restoredSession() {
  const module = await import("./session.ts");
  await module.initSession();
  return module.getSession();
}

describe("a stored session", () => {
  it("is checked when no build marked it, and written back under this build's mark", async () => {
    vi.stubEnv("STORAGE_MARK", "build-b");
    storeSession(oddPrivileges);
    const state = await restoredSession();
    expect(state?.session.idToken).toBe("id-1");
    expect(state?.privileges).toBeNull();
    expect(local.getItem(STORAGE_KEYS.privileges)).toBe("null");
    // Checked and marked: the next start reads it without the schemas, as it now is.
    const marked = sessionMark();
    expect(marked).toMatch(/^build-b\./);
    vi.resetModules();
    expect((await restoredSession())?.privileges).toBeNull();
    expect(sessionMark()).toBe(marked);
  });

  it("is checked when another build marked it", async () => {
    vi.stubEnv("STORAGE_MARK", "build-b");
    storeSession(oddPrivileges, "build-a");
    expect((await restoredSession())?.privileges).toBeNull();
  });

  it("is read as this build wrote it, unchecked, under this build's mark", async () => {
    vi.stubEnv("STORAGE_MARK", "build-b");
    storeSession(oddPrivileges, "build-b");
    expect((await restoredSession())?.privileges).toEqual(oddPrivileges);
  });

  it("is checked once a person or an extension changed it after this build wrote it", async () => {
    vi.stubEnv("STORAGE_MARK", "build-b");
    storeSession({ ...oddPrivileges, privileges: [] }, "build-b");
    local.setItem(STORAGE_KEYS.privileges, JSON.stringify(oddPrivileges));
    expect((await restoredSession())?.privileges).toBeNull();
  });

  it("is always checked where the build has no mark (development, tests)", async () => {
    storeSession(oddPrivileges, "build-b");
    vi.unstubAllEnvs();
    const marked = sessionMark();
    expect((await restoredSession())?.privileges).toBeNull();
    expect(sessionMark()).toBe(marked);
  });

  it("is a logout when another build wrote it and it does not match its schema; expired or unreadable, whatever the mark", async () => {
    vi.stubEnv("STORAGE_MARK", "build-b");
    local.setItem(STORAGE_KEYS.session, JSON.stringify({ ...session, userid: "5" }));
    expect(await restoredSession()).toBeNull();
    expect(local.getItem(STORAGE_KEYS.session)).toBeNull();

    vi.resetModules();
    storeSession(null, "build-b");
    local.setItem(STORAGE_KEYS.session, JSON.stringify({ ...session, expireDate: "2020-01-01T00:00:00Z" }));
    expect(await restoredSession()).toBeNull();
    expect(local.getItem(STORAGE_KEYS.session)).toBeNull();

    vi.resetModules();
    storeSession(null, "build-b");
    local.setItem(STORAGE_KEYS.session, "{not json");
    expect(await restoredSession()).toBeNull();
  });

  it("is checked, not written back, when a tab on another build changes it", async () => {
    vi.stubEnv("STORAGE_MARK", "build-b");
    let heard: ((event: { key: string | null }) => void) | undefined;
    vi.stubGlobal("window", {
      addEventListener: (_: string, listener: typeof heard) => {
        heard = listener;
      },
    });
    storeSession(null, "build-b");
    const module = await import("./session.ts");
    await module.initSession();
    // The other tab signs in as someone else and marks what it wrote as its build's.
    markAs("build-a", () => {
      local.setItem(STORAGE_KEYS.session, JSON.stringify({ ...session, userid: 6, idToken: "id-6" }));
      local.setItem(STORAGE_KEYS.privileges, JSON.stringify(oddPrivileges));
      markWritten(local, SESSION_KEYS);
    });
    const theirs = sessionMark();
    heard?.({ key: STORAGE_KEYS.session });
    await vi.waitFor(() => expect(module.getSession()?.session.idToken).toBe("id-6"));
    expect(module.getSession()?.privileges).toBeNull();
    // Writing it back would raise a storage event in that tab, which would write it back in turn.
    expect(sessionMark()).toBe(theirs);
    expect(local.getItem(STORAGE_KEYS.privileges)).toBe(JSON.stringify(oddPrivileges));
  });

  it("is marked whenever this build writes it", async () => {
    vi.stubEnv("STORAGE_MARK", "build-b");
    const { replaceTokens, saveSession } = await import("./session.ts");
    saveSession({ session, profile: null, privileges: oddPrivileges as never });
    replaceTokens({ idToken: "id-2", refreshToken: "refresh-2", expireDate: session.expireDate, expiresIn: "3600" });
    vi.resetModules();
    const state = await restoredSession();
    expect(state?.session.idToken).toBe("id-2");
    expect(state?.privileges).toEqual(oddPrivileges);
  });
});

describe("a stored cart", () => {
  const CART_KEYS = [
    CART_STORAGE_KEY,
    `${CART_STORAGE_KEY}.notices`,
    `${CART_STORAGE_KEY}.notes`,
    `${CART_STORAGE_KEY}.revision`,
  ] as const;
  const line = { id: 7, name: "Poster", display_name: "Poster", image_url: "", package_quantity: 1 };
  const item = { ...line, min_quantity: 1, max_quantity: 10, quantity: 2, price: 500, is_destroy: false };
  const oddLine = { ...item, quantity: "three" };
  const storeCart = (lines: unknown[], markedBy: string) => {
    tab.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
    markAs(markedBy, () => markWritten(tab, CART_KEYS));
  };

  it("is checked when another build wrote it: a cart that does not match is dropped, and the rest marked", async () => {
    vi.stubEnv("STORAGE_MARK", "build-b");
    storeCart([oddLine], "build-a");
    const { getCart } = await import("./cart-store.ts");
    expect(getCart()).toEqual([]);
    expect(tab.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(tab.getItem(markKey(CART_STORAGE_KEY))).toMatch(/^build-b\./);
  });

  it("is read as this build wrote it under this build's mark", async () => {
    vi.stubEnv("STORAGE_MARK", "build-b");
    storeCart([oddLine], "build-b");
    const { getCart } = await import("./cart-store.ts");
    expect(getCart()).toEqual([oddLine]);
  });

  it("is marked whenever this build writes it", async () => {
    vi.stubEnv("STORAGE_MARK", "build-b");
    const { addToCart, setCartQuantity } = await import("./cart-store.ts");
    addToCart(item);
    setCartQuantity(item.id, 3);
    vi.resetModules();
    expect((await import("./cart-store.ts")).getCart()).toEqual([{ ...item, quantity: 3 }]);
    // Changed by hand since: checked, and kept only while it matches.
    tab.setItem(CART_STORAGE_KEY, JSON.stringify([oddLine]));
    vi.resetModules();
    expect((await import("./cart-store.ts")).getCart()).toEqual([]);
  });
});
