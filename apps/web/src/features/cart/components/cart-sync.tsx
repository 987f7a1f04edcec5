import type { ServerCart } from "@vetportal/contract";
import { useEffect } from "react";
import { afterLoad } from "../../../lib/after-load.ts";
import {
  applyServerCart,
  type CartChange,
  getCart,
  getCartRevision,
  setCartRevision,
  setCartSync,
} from "../../../lib/cart-store.ts";
import { getSession, subscribeSession } from "../../../lib/session.ts";
import { serverCart } from "../api/server-cart.ts";

/**
 * Keeps the browser's cart and the signed-in user's server cart together (issue 11, decision 021).
 *
 * - At sign-in (or when a signed-in page first loads) this browser's lines are merged into the
 *   server's — a product in both keeps the larger quantity, no line is lost — and the merged cart
 *   becomes this browser's. The copy is sent with the server revision it was last in step with
 *   (kept in session storage): when another tab or computer changed the cart since — emptied it,
 *   ordered it — the copy is stale, the server changes nothing and its cart becomes this one, so a
 *   reload never brings bought or removed lines back (decision 027). A copy made signed out has
 *   no revision and is merged.
 * - Each change made here is sent as it happens (in order, one request at a time). The server's
 *   answer replaces this copy only when nothing else is waiting to be sent, so a quick series of
 *   clicks never flickers back.
 * - A change that could not be sent (offline, a server error) leaves this copy as the truth: the
 *   next send replaces the server's cart with it — unless the server's cart changed meanwhile
 *   elsewhere (the same revision check), when the server's wins.
 * - When the page comes back into view, the server's cart is read again: another tab or computer
 *   may have changed it.
 */
let revision = -1;
let queue: Promise<void> = Promise.resolve();
let pending = 0;
let dirty = false;
let userId: number | null = null;

function accept(cart: ServerCart) {
  if (cart.revision < revision) return;
  revision = cart.revision;
  if (pending === 0 && !dirty) applyServerCart(cart.items);
  setCartRevision(cart.revision);
}

/**
 * Runs one server call after the ones before it; a failure marks this copy as not yet saved. A call
 * may answer null: nothing was sent.
 */
function enqueue(call: () => Promise<ServerCart | null>) {
  pending += 1;
  queue = queue.then(async () => {
    let cart: ServerCart | null = null;
    if (getSession()) {
      try {
        cart = await call();
        dirty = false;
      } catch {
        dirty = true;
      }
    }
    pending -= 1;
    if (cart) accept(cart);
  });
}

function send(change: CartChange) {
  if (!getSession()) return;
  enqueue(() => {
    // Unsaved changes before this one: this copy, whole, is what the user sees and means.
    if (dirty) return serverCart.replace(getCart(), getCartRevision());
    return change.kind === "replace" ? serverCart.replace(change.items) : serverCart.update(change.items);
  });
}

function signedIn() {
  revision = -1;
  dirty = false;
  const user = userId;
  // Once the page has loaded: it shows this copy already, and a change made meanwhile waits in the
  // queue. Signed out (or in as someone else) meanwhile: that sign-in's merge is not sent.
  enqueue(() =>
    afterLoad().then(() => (getSession() && userId === user ? serverCart.merge(getCart(), getCartRevision()) : null)),
  );
}

/** Reads the server's cart again, unless changes of this tab are still on their way. */
export function refreshServerCart() {
  if (!getSession() || pending > 0) return;
  enqueue(() => (dirty ? serverCart.replace(getCart(), getCartRevision()) : serverCart.get()));
}

/**
 * A cart the server answered to another call (quick order, decision 041) becomes this copy, in
 * turn after the changes already on their way, as their answers do.
 */
export function acceptServerCart(cart: ServerCart) {
  enqueue(async () => cart);
}

export function CartSync() {
  useEffect(() => {
    setCartSync(send);
    const follow = () => {
      const next = getSession()?.profile?.user_id ?? null;
      if (next === userId) return;
      userId = next;
      if (next !== null) signedIn();
    };
    follow();
    const unsubscribe = subscribeSession(follow);
    const onVisible = () => {
      if (document.visibilityState === "visible") refreshServerCart();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", refreshServerCart);
    return () => {
      // Signed-in pages left (signed out): the next sign-in merges again.
      userId = null;
      setCartSync(null);
      unsubscribe();
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", refreshServerCart);
    };
  }, []);
  return null;
}
