import { CART_STORAGE_KEY, type CartItem, CartItemSchema } from "@vetportal/contract";
import { useSyncExternalStore } from "react";
import { z } from "zod";

/**
 * The cart (SPEC §3 "Cart item", §4 "Cart"): kept in the tab's session storage under the spec's
 * key and mirrored here so React can subscribe to it. The product page, the cart pages, Reorder
 * and the header badge all read it, so it lives in lib/ rather than in one feature (STYLE §1).
 *
 * Beside the lines it keeps notices about them (a Reorder that changed or dropped lines), shown on
 * the cart page until dismissed or until the cart is emptied.
 */
const CartSchema = z.array(CartItemSchema);

export const CART_NOTICES_STORAGE_KEY = `${CART_STORAGE_KEY}.notices`;

export interface CartNotices {
  /** What the notices are about, for example "Reorder of order #866". */
  title: string;
  messages: string[];
}
const CartNoticesSchema = z.object({ title: z.string(), messages: z.array(z.string()) });

interface CartState {
  items: CartItem[];
  notices: CartNotices | null;
}

const EMPTY: CartState = { items: [], notices: null };
let current: CartState | null = null;
const listeners = new Set<() => void>();

function readJson<T extends z.ZodType>(key: string, schema: T): z.infer<T> | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function read(): CartState {
  current ??= {
    items: readJson(CART_STORAGE_KEY, CartSchema) ?? [],
    notices: readJson(CART_NOTICES_STORAGE_KEY, CartNoticesSchema),
  };
  return current;
}

function write(next: CartState): void {
  current = next;
  try {
    if (next.items.length) sessionStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next.items));
    else sessionStorage.removeItem(CART_STORAGE_KEY);
    if (next.notices) sessionStorage.setItem(CART_NOTICES_STORAGE_KEY, JSON.stringify(next.notices));
    else sessionStorage.removeItem(CART_NOTICES_STORAGE_KEY);
  } catch {
    // Storage full or disabled: the cart still works for this page's lifetime.
  }
  for (const listener of listeners) listener();
}

export function getCart(): CartItem[] {
  return read().items;
}

/** Adds a line; a product already in the cart has its line (and quantity) replaced, in place. */
export function addToCart(item: CartItem): void {
  const { items, notices } = read();
  const index = items.findIndex((line) => line.id === item.id);
  const next = index === -1 ? [...items, item] : items.map((line, i) => (i === index ? item : line));
  write({ items: next, notices });
}

/** Adds several lines (Reorder), each replacing the line of the same product, and sets notices about them. */
export function addAllToCart(lines: CartItem[], notices: CartNotices | null): void {
  for (const line of lines) addToCart(line);
  write({ items: read().items, notices });
}

export function removeFromCart(productId: number): void {
  const { items, notices } = read();
  write({ items: items.filter((line) => line.id !== productId), notices });
}

/** Sets a line's quantity (never below 0). */
export function setCartQuantity(productId: number, quantity: number): void {
  const { items, notices } = read();
  const safe = Math.max(0, Math.trunc(quantity));
  write({ items: items.map((line) => (line.id === productId ? { ...line, quantity: safe } : line)), notices });
}

export function incrementCartQuantity(productId: number): void {
  const line = read().items.find((l) => l.id === productId);
  if (line) setCartQuantity(productId, line.quantity + 1);
}

export function decrementCartQuantity(productId: number): void {
  const line = read().items.find((l) => l.id === productId);
  if (line) setCartQuantity(productId, line.quantity - 1);
}

/** Empties the cart and drops its notices. */
export function emptyCart(): void {
  write(EMPTY);
}

export function dismissCartNotices(): void {
  write({ items: read().items, notices: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab has its own session storage, so only this tab changes the cart.
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, () => read().items);
}

export function useCartItem(productId: number): CartItem | undefined {
  return useSyncExternalStore(subscribe, () => read().items.find((line) => line.id === productId));
}

export function useCartNotices(): CartNotices | null {
  return useSyncExternalStore(subscribe, () => read().notices);
}
