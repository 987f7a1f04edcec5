import { CART_STORAGE_KEY, type CartItem, CartItemSchema } from "@vetportal/contract";
import { useSyncExternalStore } from "react";
import { z } from "zod";
import { markWritten, parseJson, parseStored, readMarked } from "./storage-mark.ts";

/**
 * The cart (SPEC §3 "Cart item", §4 "Cart"): kept in the tab's session storage under the spec's
 * key and mirrored here so React can subscribe to it. The product page, the cart pages, Reorder
 * and the header badge all read it, so it lives in lib/ rather than in one feature (STYLE §1).
 *
 * Beside the lines it keeps notices about them (a Reorder that changed or dropped lines), shown on
 * the cart page until dismissed or until the cart is emptied, and a note per line when the portal
 * changed its quantity ("Raised to the minimum of 5 packs."), shown until that line changes again.
 *
 * Signed in, the cart is also kept on the server (decision 021): every change made here is handed
 * to the sync the cart feature registers (setCartSync), and the server's answer comes back through
 * applyServerCart. This copy is the offline and signed-out one.
 */
const CartSchema = z.array(CartItemSchema);

export const CART_NOTICES_STORAGE_KEY = `${CART_STORAGE_KEY}.notices`;

export interface CartNotices {
  /** What the notices are about, for example "Reorder of order #866". */
  title: string;
  messages: string[];
}
const CartNoticesSchema = z.object({ title: z.string(), messages: z.array(z.string()) });

export const CART_NOTES_STORAGE_KEY = `${CART_STORAGE_KEY}.notes`;
const CartNotesSchema = z.record(z.string(), z.string());

/** The server cart's revision this copy was last in step with (decision 027); none while signed out. */
export const CART_REVISION_STORAGE_KEY = `${CART_STORAGE_KEY}.revision`;
const CartRevisionSchema = z.number().int().min(0);

interface CartState {
  items: CartItem[];
  notices: CartNotices | null;
  /** What the portal did to a line's quantity and why, by product id. */
  notes: Record<string, string>;
  /**
   * The server cart's revision this copy was last in step with: sent with the copy after a reload,
   * so a copy older than another tab's change never brings its lines back (decision 027).
   */
  revision: number | null;
}

const EMPTY: CartState = { items: [], notices: null, notes: {}, revision: null };

/** A change of the cart, as the server cart takes it: set lines (quantity 0 removes), or replace all. */
export type CartChange = { kind: "update"; items: CartItem[] } | { kind: "replace"; items: CartItem[] };
let sync: ((change: CartChange) => void) | null = null;

/** The cart feature's server sync; null to stop sending changes. */
export function setCartSync(next: ((change: CartChange) => void) | null): void {
  sync = next;
}
let current: CartState | null = null;
const listeners = new Set<() => void>();

/** The stored cart's keys, in the order its mark covers them (storage-mark.ts). */
const CART_KEYS = [
  CART_STORAGE_KEY,
  CART_NOTICES_STORAGE_KEY,
  CART_NOTES_STORAGE_KEY,
  CART_REVISION_STORAGE_KEY,
] as const;

function read(): CartState {
  if (!current) {
    let stored: ReturnType<typeof readMarked<typeof CART_KEYS>> = { values: [null, null, null, null], written: true };
    try {
      stored = readMarked(sessionStorage, CART_KEYS);
    } catch {
      // Storage disabled: an empty cart, which lives as long as the page.
    }
    const [items, notices, notes, revision] = stored.values;
    // Read as JSON where this build wrote it (decision 054), else only if it matches its schema.
    const value = <T extends z.ZodType>(raw: string | null, schema: T) =>
      stored.written ? (parseJson(raw) as z.infer<T> | null) : parseStored(raw, schema);
    current = {
      items: value(items, CartSchema) ?? [],
      notices: value(notices, CartNoticesSchema),
      notes: value(notes, CartNotesSchema) ?? {},
      revision: value(revision, CartRevisionSchema),
    };
    // What was checked is written back under this build's mark.
    if (!stored.written) write(current, { notify: false });
  }
  return current;
}

function write(next: CartState, { notify = true } = {}): void {
  current = next;
  try {
    if (next.items.length) sessionStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next.items));
    else sessionStorage.removeItem(CART_STORAGE_KEY);
    if (next.notices) sessionStorage.setItem(CART_NOTICES_STORAGE_KEY, JSON.stringify(next.notices));
    else sessionStorage.removeItem(CART_NOTICES_STORAGE_KEY);
    if (Object.keys(next.notes).length) sessionStorage.setItem(CART_NOTES_STORAGE_KEY, JSON.stringify(next.notes));
    else sessionStorage.removeItem(CART_NOTES_STORAGE_KEY);
    if (next.revision !== null) sessionStorage.setItem(CART_REVISION_STORAGE_KEY, String(next.revision));
    else sessionStorage.removeItem(CART_REVISION_STORAGE_KEY);
    markWritten(sessionStorage, CART_KEYS);
  } catch {
    // Storage full or disabled: the cart still works for this page's lifetime.
  }
  if (notify) for (const listener of listeners) listener();
}

export function getCart(): CartItem[] {
  return read().items;
}

/** The server cart's revision this copy was last in step with; null for a copy made signed out. */
export function getCartRevision(): number | null {
  return read().revision;
}

/** Records the server cart's revision this copy is now in step with (the cart sync, on each answer). */
export function setCartRevision(revision: number): void {
  const state = read();
  if (state.revision !== revision) write({ ...state, revision });
}

/** The notes without the given lines': a line that changes loses what was said about its old quantity. */
function notesWithout(notes: Record<string, string>, ids: number[]): Record<string, string> {
  const next = { ...notes };
  for (const id of ids) delete next[String(id)];
  return next;
}

/** Adds a line; a product already in the cart has its line (and quantity) replaced, in place. */
export function addToCart(item: CartItem, note?: string | null): void {
  const state = read();
  const index = state.items.findIndex((line) => line.id === item.id);
  const next = index === -1 ? [...state.items, item] : state.items.map((line, i) => (i === index ? item : line));
  const notes = notesWithout(state.notes, [item.id]);
  if (note) notes[String(item.id)] = note;
  write({ ...state, items: next, notes });
  sync?.({ kind: "update", items: [item] });
}

/** Adds several lines (Reorder), each replacing the line of the same product, and sets notices about them. */
export function addAllToCart(lines: CartItem[], notices: CartNotices | null): void {
  const state = read();
  let items = state.items;
  for (const line of lines) {
    const index = items.findIndex((l) => l.id === line.id);
    items = index === -1 ? [...items, line] : items.map((l, i) => (i === index ? line : l));
  }
  write({
    ...state,
    items,
    notices,
    notes: notesWithout(
      state.notes,
      lines.map((l) => l.id),
    ),
  });
  if (lines.length) sync?.({ kind: "update", items: lines });
}

export function removeFromCart(productId: number): void {
  const state = read();
  const line = state.items.find((l) => l.id === productId);
  write({
    ...state,
    items: state.items.filter((l) => l.id !== productId),
    notes: notesWithout(state.notes, [productId]),
  });
  if (line) sync?.({ kind: "update", items: [{ ...line, quantity: 0 }] });
}

/**
 * Sets a line's quantity (never below 0), with what the portal says about it when it chose the
 * quantity itself (a correction); without a note, an earlier note of the line is dropped.
 */
export function setCartQuantity(productId: number, quantity: number, note?: string | null): void {
  const state = read();
  const line = state.items.find((l) => l.id === productId);
  if (!line) return;
  const next = { ...line, quantity: Math.max(0, Math.trunc(quantity)) };
  const notes = notesWithout(state.notes, [productId]);
  if (note) notes[String(productId)] = note;
  write({ ...state, items: state.items.map((l) => (l.id === productId ? next : l)), notes });
  sync?.({ kind: "update", items: [next] });
}

export function incrementCartQuantity(productId: number): void {
  const line = read().items.find((l) => l.id === productId);
  if (line) setCartQuantity(productId, line.quantity + 1);
}

export function decrementCartQuantity(productId: number): void {
  const line = read().items.find((l) => l.id === productId);
  if (line) setCartQuantity(productId, line.quantity - 1);
}

/** Empties the cart and drops its notices; signed in, the server's cart is emptied too. */
export function emptyCart(): void {
  write(EMPTY);
  sync?.({ kind: "replace", items: [] });
}

/**
 * Forgets this browser's copy only: after sign-out (the server keeps the user's cart for the next
 * sign-in) and after an order (the server removed the ordered lines itself).
 */
export function clearLocalCart(): void {
  write(EMPTY);
}

/** Removes lines from this browser's copy only (the server already did: an order was placed). */
export function dropLocalLines(productIds: number[]): void {
  const state = read();
  const gone = new Set(productIds);
  write({
    ...state,
    items: state.items.filter((l) => !gone.has(l.id)),
    notes: notesWithout(state.notes, productIds),
  });
}

/**
 * The server's cart replaces this copy (after a merge at sign-in, or when another tab or computer
 * changed it); notes of lines whose quantity is unchanged stay.
 */
export function applyServerCart(items: CartItem[]): void {
  const state = read();
  const notes: Record<string, string> = {};
  for (const [id, note] of Object.entries(state.notes)) {
    const before = state.items.find((l) => String(l.id) === id);
    const after = items.find((l) => String(l.id) === id);
    if (before && after && before.quantity === after.quantity) notes[id] = note;
  }
  const same =
    items.length === state.items.length && items.every((l, i) => JSON.stringify(l) === JSON.stringify(state.items[i]));
  if (same) return;
  write({ ...state, items, notes });
}

export function dismissCartNotices(): void {
  write({ ...read(), notices: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab has its own session storage; it reaches this one through the server cart.
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, () => read().items);
}

export function useCartItem(productId: number): CartItem | undefined {
  return useSyncExternalStore(subscribe, () => read().items.find((line) => line.id === productId));
}

export function useCartNotices(): CartNotices | null {
  return useSyncExternalStore(subscribe, () => read().notices);
}

/** What the portal did to a line's quantity and why, if it changed it. */
export function useCartNote(productId: number): string | undefined {
  return useSyncExternalStore(subscribe, () => read().notes[String(productId)]);
}
