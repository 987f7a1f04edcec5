/**
 * A quick closed-loop load on a running API (decision 014's PGlite figures): signs in as the demo
 * practice, then C clients send one route back to back for S seconds; prints requests per second,
 * p99 and the status counts. Not the full issue-10 load benchmark.
 *
 *   npx tsx bench/src/quick-load.ts http://127.0.0.1:3000 list 10 8
 *   npx tsx bench/src/quick-load.ts http://127.0.0.1:3000 order 10 8
 */
import { argv } from "node:process";

const [base = "http://127.0.0.1:3000", route = "list", clientsArg = "10", secondsArg = "8"] = argv.slice(2);
const clients = Number(clientsArg);
const seconds = Number(secondsArg);
const json = { "content-type": "application/json" };

const auth = (await (
  await fetch(`${base}/api/auth`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      method: "address",
      address_name: "Happy Paws Veterinary Clinic",
      line1: "120 Market Street",
      zip_code: "94105",
    }),
  })
).json()) as { access_token: string };
const headers = { ...json, authorization: `Bearer ${auth.access_token}` };

type Product = { id: number; is_in_inventory: boolean; min_quantity: number };
const products = (
  (await (await fetch(`${base}/api/product/list`, { method: "POST", headers, body: "{}" })).json()) as {
    data: Product[];
  }
).data;
const product = products.find((p) => !p.is_in_inventory) ?? products[0];
if (!product) throw new Error("the catalogue is empty");

const url = route === "order" ? `${base}/api/order/add` : `${base}/api/product/list`;
const body =
  route === "order"
    ? JSON.stringify({
        contact_name: "Maria Lopez",
        contact_phone: "415-555-0101",
        email: "maria@happypaws.test",
        delivery_method_id: 1,
        items: [{ id: product.id, quantity: Math.max(product.min_quantity, 1) }],
      })
    : "{}";

const latencies: number[] = [];
const statuses: Record<number, number> = {};
const end = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (Date.now() < end) {
      const started = performance.now();
      const res = await fetch(url, { method: "POST", headers, body });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  }),
);
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
console.log(`${route}: ${(latencies.length / seconds).toFixed(0)} req/s, p99 ${p99.toFixed(1)} ms`, statuses);
