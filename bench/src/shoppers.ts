/**
 * The demo practices as order-storm clients, shared by bench:load, bench:processes and
 * bench:order-cpu: signed in by address, with their delivery method and the products they may
 * order, after the administrator has stocked every tracked product generously (so no order of a
 * run is refused for stock), and without the personalised products: they need the practice's brand
 * and an approved proof (decision 044), which no practice of a run has, so every order of one would
 * be refused (409), rightly.
 */
import { randomUUID } from "node:crypto";
import type { Request } from "autocannon";
import { DEMO_ADMIN } from "../../apps/api/src/db/seed/index.ts";

export interface Shopper {
  token: string;
  deliveryMethodId: number;
  /** Products this practice may order now, with their minimum quantity. */
  products: { id: number; min_quantity: number }[];
}
export type ListItem = { id: number; is_in_inventory: boolean; can_order: boolean; min_quantity: number };
type Practice = { practice: string; line1: string; zip: string };

export const json = { "content-type": "application/json" };
export const auth = (token: string) => ({ ...json, authorization: `Bearer ${token}` });

/** A JSON POST; anything but 2xx is thrown with the answer's start. */
export async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: token ? auth(token) : json,
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Stocks every tracked product, then signs in each practice and reads what its orders need. */
export async function prepareShoppers(base: string, practices: Practice[], comment: string): Promise<Shopper[]> {
  const admin = await post<{ access_token: string }>(base, "/api/auth", { method: "password", ...DEMO_ADMIN });
  const all = await post<{ data: ListItem[] }>(base, "/api/product/list", {}, admin.access_token);
  for (const p of all.data.filter((x) => x.is_in_inventory))
    await post(
      base,
      "/api/inventory/replenish",
      { product_id: p.id, quantity: 1_000_000, comment },
      admin.access_token,
    );
  const personalised = new Set<number>();
  for (const p of all.data) {
    const detail = await post<{ data: { is_customizable: boolean } }>(
      base,
      "/api/product/query",
      { id: p.id },
      admin.access_token,
    );
    if (detail.data.is_customizable) personalised.add(p.id);
  }
  const shoppers: Shopper[] = [];
  for (const practice of practices) {
    const { access_token: token } = await post<{ access_token: string }>(base, "/api/auth", {
      method: "address",
      address_name: practice.practice,
      line1: practice.line1,
      zip_code: practice.zip,
    });
    const customer = await post<{ data: { delivery_methods: { id: number }[] } }>(
      base,
      "/api/customer/query",
      {},
      token,
    );
    const list = await post<{ data: ListItem[] }>(base, "/api/product/list", {}, token);
    shoppers.push({
      token,
      deliveryMethodId: customer.data.delivery_methods[0]?.id ?? 1,
      products: list.data
        .filter((p) => p.can_order && !personalised.has(p.id))
        .map((p) => ({ id: p.id, min_quantity: p.min_quantity })),
    });
  }
  return shoppers;
}

/** The lines of a shopper's `turn`-th order: 1–3 of its products in turn, at their minimum quantity. */
export function orderItems(shopper: Shopper, turn: number, count: number) {
  return [...new Set(Array.from({ length: count }, (_, i) => (turn * 3 + i * 5) % shopper.products.length))].map(
    (i) => {
      const p = shopper.products[i] as Shopper["products"][number];
      return { id: p.id, quantity: Math.max(1, p.min_quantity) };
    },
  );
}

/**
 * bench:load's order request (bench:order-cpu's too): the next practice, 1–3 of its products in
 * turn at their minimum quantity, its first delivery method and a new Idempotency-Key.
 */
export function orderRequests(shoppers: Shopper[]): Request {
  let n = 0;
  return {
    method: "POST",
    path: "/api/order/add",
    setupRequest: (request) => {
      const shopper = shoppers[n % shoppers.length] as Shopper;
      const k = Math.floor(n / shoppers.length);
      n++;
      const count = 1 + (n % 3);
      const items = orderItems(shopper, k, count);
      return {
        ...request,
        headers: { ...auth(shopper.token), "idempotency-key": randomUUID() },
        body: JSON.stringify({
          contact_name: "Load Bench",
          contact_phone: "415-555-0101",
          email: "load@bench.test",
          delivery_method_id: shopper.deliveryMethodId,
          items,
        }),
      };
    },
  };
}
