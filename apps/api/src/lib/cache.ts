import type { Database } from "../db/client.ts";
import { cache_generations } from "../db/schema/index.ts";

/**
 * Tables the caches follow: each has a row in cache_generations that a trigger bumps whenever a
 * statement changes the table (migration 0009). products' row ignores stock-only updates; stock is
 * read through `volatile` instead.
 */
export type CacheSource =
  | "products"
  | "product_categories"
  | "product_departments"
  | "product_price_ranges"
  | "sessions"
  | "users"
  | "addresses"
  | "customers"
  | "delivery_methods"
  | "customer_delivery_methods"
  | "departments"
  | "department_cc_emails"
  | "portal_settings";

/** One look at the database's generations; every use of a cache within maxStaleMs shares it. */
interface Check {
  /** Later checks have higher numbers (a use may resume after a newer check has been seen). */
  seq: number;
  generations: Map<string, number>;
}

/**
 * In-process caches that stay correct with several API processes on one database (decision 017).
 * Every cached value is used only after a check of cache_generations that started at most
 * `maxStaleMs` before (0: a check per use), and is reloaded when one of its sources' generations
 * moved. After a call that may have written, `invalidate()` makes the next use check again, so this
 * process reads its own writes at once; other processes see them within `maxStaleMs`.
 */
export function createCaches(db: Database, maxStaleMs: number) {
  const select = db
    .select({ source: cache_generations.source, generation: cache_generations.generation })
    .from(cache_generations)
    .prepare("cache_generations");
  let epoch = 0;
  let checks = 0;
  let volatileEpoch = 0;
  let last: { check: Promise<Check>; startedAt: number; epoch: number } | undefined;

  /** A check that started at most maxStaleMs ago and after the last invalidate(). */
  function check(): Promise<Check> {
    const now = performance.now();
    if (maxStaleMs > 0 && last && last.epoch === epoch && now - last.startedAt < maxStaleMs) return last.check;
    const started = { startedAt: now, epoch, check: load() };
    last = started;
    started.check.catch(() => {
      if (last === started) last = undefined;
    });
    return started.check;
  }

  async function load(): Promise<Check> {
    const seq = ++checks;
    const rows = await select.execute();
    return { seq, generations: new Map(rows.map((r) => [r.source, r.generation])) };
  }

  const stampOf = (sources: readonly CacheSource[], { generations }: Check) =>
    sources.map((s) => generations.get(s) ?? -1).join(",");

  /**
   * A value per key, loaded once and kept until one of `sources` changes; concurrent misses of a
   * key share one load. An `undefined` result is not kept. At most `maxEntries` keys (the oldest
   * goes first).
   */
  function keyed<K, V>(sources: readonly CacheSource[], loadValue: (key: K) => Promise<V>, maxEntries = 10_000) {
    let seen = 0;
    let stamp = "";
    const entries = new Map<K, Promise<V>>();
    return async (key: K): Promise<V> => {
      const current = await check();
      // An older check than one already seen: the entries were validated later than it.
      if (current.seq > seen) {
        seen = current.seq;
        const currentStamp = stampOf(sources, current);
        if (currentStamp !== stamp) {
          entries.clear();
          stamp = currentStamp;
        }
      }
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as K);
        const loading = loadValue(key);
        entry = loading;
        entries.set(key, loading);
        const forget = () => entries.get(key) === loading && entries.delete(key);
        loading.then((value) => value === undefined && forget(), forget);
      }
      return entry;
    };
  }

  return {
    /** The next use of every cache checks the database first (call after a write). */
    invalidate() {
      epoch++;
    },

    /**
     * The next use of every volatile value reads it again, without a check of the counters: after
     * a call that changed only such values (an order changes stock, no counted table).
     */
    invalidateVolatile() {
      volatileEpoch++;
    },

    keyed,

    /** One value, kept until one of `sources` changes. */
    value<V>(sources: readonly CacheSource[], loadValue: () => Promise<V>) {
      const get = keyed<0, V>(sources, loadValue, 1);
      return () => get(0);
    },

    /**
     * A value that changes too often for a generation (stock changes with every order): reloaded
     * once per check, so at most maxStaleMs old, and at once after invalidate() or
     * invalidateVolatile().
     */
    volatile<V>(loadValue: () => Promise<V>) {
      let cached: { seq: number; volatileEpoch: number; value: Promise<V> } | undefined;
      return async (): Promise<V> => {
        const readFrom = volatileEpoch;
        const current = await check();
        if (!cached || cached.seq < current.seq || cached.volatileEpoch < readFrom) {
          const value = loadValue();
          const entry = { seq: current.seq, volatileEpoch: readFrom, value };
          cached = entry;
          value.catch(() => {
            if (cached === entry) cached = undefined;
          });
        }
        return cached.value;
      };
    },
  };
}

export type Caches = ReturnType<typeof createCaches>;

/** Freezes a cached value all the way down, so no caller can change what the next one gets. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
