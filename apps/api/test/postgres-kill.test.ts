import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresCopy, PRACTICE } from "./helpers.ts";
import { useApiBundle } from "./support/api-process.ts";
import { orderBody } from "./support/fixtures.ts";

/**
 * `kill -9` of real API processes during an order storm (issue 9 §2): every order answered 200
 * exists exactly once, and an order stored without an answer is the one its Idempotency-Key
 * returns on retry. The API is bundled once (as `npm start` does) so each of the 21 starts takes
 * seconds; four processes are killed and restarted in turn against one fresh copy of the test
 * database.
 */
const bundle = useApiBundle("kill-test");
const KILLS = 20;
const SLOTS = 4;
const CLIENTS_PER_PROCESS = 4;
const PRODUCT = 975_001;

let copy: Awaited<ReturnType<typeof createPostgresCopy>>;
let admin: pg.Client;

beforeAll(async () => {
  await bundle.build();
  copy = await createPostgresCopy();
  admin = new pg.Client({ connectionString: copy.url });
  await admin.connect();
  // Not kept in inventory: orders never run out, so every refusal would be a fault.
  await admin.query(
    `insert into products (id, customer_id, product_category_id, name, min_quantity, max_quantity, is_in_inventory)
       values ($1, 1850, 2101, 'Kill Brochure', 1, 10, false)`,
    [PRODUCT],
  );
  await admin.query("insert into product_price_ranges (product_id, min_quantity, price_cents) values ($1, 1, 500)", [
    PRODUCT,
  ]);
}, 60_000);
afterAll(async () => {
  bundle.cleanUp();
  await admin?.end();
  await copy?.drop();
});

/** The bundled API on the test database copy, with a small pool; resolves once it answers. */
const startApi = () => bundle.start({ DATABASE_URL: copy.url, DATABASE_POOL_SIZE: "4", SEED_DEMO_DATA: "false" });

type Answer = { status: number; id?: number } | "unanswered";

async function placeOrder(base: string, token: string, key: string): Promise<Answer> {
  try {
    const res = await fetch(`${base}/api/order/add`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify(orderBody([{ id: PRODUCT, quantity: 1 }], { shipping_instruction: key })),
    });
    const body = (await res.json()) as { data?: number };
    return { status: res.status, id: body.data };
  } catch {
    return "unanswered"; // the process died before answering
  }
}

describe("kill -9 of the API during an order storm", () => {
  it("keeps every answered order exactly once and lets a retry return any order stored without an answer", async () => {
    const run = randomUUID().slice(0, 8);
    const answers = new Map<string, Answer>();
    let token = "";
    let sent = 0;
    let kills = 0;

    const slot = async () => {
      while (kills < KILLS) {
        kills++;
        const api = await startApi();
        if (!token) {
          const login = await fetch(`${api.base}/api/auth`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ method: "address", ...PRACTICE }),
          });
          token = ((await login.json()) as { access_token: string }).access_token;
        }
        let storming = true;
        let answeredHere = 0;
        const target = 1 + Math.floor(Math.random() * 6);
        let reached: () => void = () => {};
        const killTime = new Promise<void>((resolve) => {
          reached = resolve;
        });
        const storm = Array.from({ length: CLIENTS_PER_PROCESS }, async () => {
          while (storming) {
            const key = `${run}-${sent++}`;
            const answer = await placeOrder(api.base, token, key);
            answers.set(key, answer);
            if (answer !== "unanswered" && ++answeredHere >= target) reached();
          }
        });
        // Kill once the process has answered a few orders, while the others are in flight.
        await killTime;
        await new Promise((r) => setTimeout(r, Math.random() * 30));
        storming = false; // the orders in flight now are the ones the kill interrupts
        api.child.kill("SIGKILL");
        await Promise.all([api.exited, ...storm]);
      }
    };
    await Promise.all(Array.from({ length: SLOTS }, slot));

    const storedBefore = await ordersByKey(run);
    const answered = [...answers].filter(([, a]) => a !== "unanswered") as [string, { status: number; id?: number }][];
    const unanswered = [...answers].filter(([, a]) => a === "unanswered").map(([key]) => key);
    expect(kills).toBeGreaterThanOrEqual(20);
    expect(answered.length).toBeGreaterThan(0);
    // A live process answers every order with 200; nothing is stored twice.
    expect(answered.filter(([, a]) => a.status !== 200)).toEqual([]);
    expect([...storedBefore].filter(([, ids]) => ids.length > 1)).toEqual([]);
    for (const [key, a] of answered) expect(storedBefore.get(key), key).toEqual([a.id]);
    // No order exists that was never sent.
    expect([...storedBefore.keys()].filter((key) => !answers.has(key))).toEqual([]);

    // The restarted API: a retry with the same key returns the order stored without an answer, or places it now.
    const api = await startApi();
    for (const key of unanswered) {
      const retry = await placeOrder(api.base, token, key);
      expect(retry).toMatchObject({ status: 200 });
      const before = storedBefore.get(key);
      if (before) expect([(retry as { id: number }).id], key).toEqual(before);
    }
    const storedAfter = await ordersByKey(run);
    expect(storedAfter.size).toBe(answers.size);
    expect([...storedAfter].filter(([, ids]) => ids.length !== 1)).toEqual([]);
    api.child.kill("SIGTERM");
    await api.exited;
  }, 240_000);
});

async function ordersByKey(run: string) {
  const { rows } = await admin.query<{ key: string; ids: number[] }>(
    "select shipping_instruction as key, array_agg(id order by id) as ids from orders where shipping_instruction like $1 group by 1",
    [`${run}-%`],
  );
  return new Map(rows.map((r) => [r.key, r.ids]));
}
