import {
  type ApprovalAllowance,
  hasShippingFields,
  type PlaceOrderBody,
  type PlaceOrderRequest,
} from "@vetportal/contract";
import type { SQL } from "drizzle-orm";
import { withRetries } from "../../db/retry.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import * as checkoutRepo from "./checkout.repository.ts";
import { deliveryMethodsFor } from "./checkout.ts";
import { placeDestroyOrder } from "./destroy-order.ts";
import { answerTakenKey, KEY_IN_USE, requestHash } from "./idempotency.ts";
import type { OrdersDeps } from "./orders-deps.ts";
import * as placing from "./placing.repository.ts";
import {
  approvalLinesOf,
  checkOrder,
  type DeliveryMethod,
  methodNotAllowed,
  type OrderLine,
  pendingApprovalRows,
  placedOrderRows,
  refuseDuplicateProducts,
  writeRefusal,
} from "./placing.ts";

/**
 * The approval an order needs (decision 040), given what it does to the practice's allowances
 * (decision 039) and the rules its read found: its request and the approvers' emails, written with
 * the order; undefined when no rule matches.
 */
function approvalOf(
  deps: OrdersDeps,
  user: SessionUser,
  read: unknown,
  order: { id: number; ship_name: string; total_order_amount?: number },
  lines: readonly OrderLine[],
  allowance: ApprovalAllowance[],
) {
  const totalCents = order.total_order_amount ?? 0;
  const need = deps.approvals.evaluateRead(read, { totalCents, lines: approvalLinesOf(lines), allowance });
  if (!need) return undefined;
  return {
    request: (go: SQL) =>
      deps.approvals.requestInsertion({ order_id: order.id, customer_id: user.customerId, need, allowance }, go),
    emails: deps.approvals.requestMails({ id: order.id, practice: order.ship_name, totalCents }, need),
  };
}

/**
 * Attempts in all when the write finds that a concurrent order changed an "approval" balance the
 * order's Active or Pending Approval was decided on (each attempt reads again).
 */
const ALLOWANCE_ATTEMPTS = 6;
/** An attempt whose write placed nothing because an "approval" balance changed since its read. */
const ALLOWANCE_CHANGED = Symbol("allowance changed");

/** The answer when the "approval" balance kept changing under every attempt. */
const ALLOWANCE_BUSY = "Your allowance is being used by other orders right now. Please place the order again.";

type Refuse = (refusal: AppError) => Promise<{ id: number; replayed: boolean }>;
type OrderKey = { userId: number; key: string; requestHash: string };

/** Each composition's order read, built once per shape with its catalogue and programme modules. */
const orderReaders = new WeakMap<OrdersDeps, ReturnType<typeof placing.orderReader>>();
function orderReaderOf(deps: OrdersDeps) {
  let reader = orderReaders.get(deps);
  if (!reader) {
    reader = placing.orderReader({
      catalogue: deps.catalog.orderReads,
      allowance: deps.allowances.orderRead,
      approval: deps.approvals.orderRead,
    });
    orderReaders.set(deps, reader);
  }
  return reader;
}

/**
 * One attempt at an ordinary order: its read (one statement, with the programme's reads), the
 * checks, the allowance and approval decisions, and its one-statement write.
 */
async function attemptOrder(
  deps: OrdersDeps,
  user: SessionUser,
  order: { input: PlaceOrderRequest; method: DeliveryMethod; key: OrderKey | undefined; now: Date },
  refuse: Refuse,
) {
  const { db } = deps;
  const { input, method, key, now } = order;
  const read = await orderReaderOf(deps)(db, {
    userId: user.userId,
    customerId: user.customerId,
    addressId: input.shipping_address_id,
    scope: deps.catalog.scopeFor(user),
    productIds: input.items.map((i) => i.id),
  });
  const checked = checkOrder(input, read, method, now);
  if ("refusal" in checked) return refuse(checked.refusal);
  const placed = withProofs(
    placedOrderRows(user, input, read, method, checked.order),
    await approvedProofs(deps, user, checked.order.lines),
  );
  const allowance = await deps.allowances.forOrder({
    userId: user.userId,
    orderId: read.order_id,
    read: read.allowance,
    lines: placed.lines.map((l) => ({
      productId: l.product.id,
      categoryId: l.product.product_category_id,
      quantity: l.priced.quantity,
      amountCents: l.priced.total_price_cents,
    })),
  });
  const rows = placed.rows;
  const approval = approvalOf(deps, user, read.approval, rows.order, checked.order.lines, allowance.outcomes);
  const written = await placing.writePlacedOrder(db, {
    ...(approval ? pendingApprovalRows(rows) : rows),
    allowance: allowance.uses,
    approval,
    key,
    operationsEmail: deps.inventory.alertEmail,
    clearCart: (go) =>
      deps.cart.orderedLinesRemoval(
        rows.order.user_id,
        rows.lines.map((l) => l.product_id),
        go,
      ),
  });
  if (written.placed) return { id: read.order_id, replayed: false };
  if (written.refused.length) return refuse(writeRefusal(written.refused, placed.lines, KEY_IN_USE));
  const short = written.allowanceRefused[0];
  if (short) return refuse(allowance.refusal(short));
  if (written.allowanceChanged) return ALLOWANCE_CHANGED;
  return refuse(writeRefusal(written.refused, placed.lines, KEY_IN_USE));
}

/**
 * The approved proof of each personalised line (decision 044): the practice's current brand on the
 * product's current template, approved; a line without one refuses the order with the reason.
 */
async function approvedProofs(deps: OrdersDeps, user: SessionUser, lines: readonly OrderLine[]) {
  const proofs = new Map<number, number>();
  for (const line of lines) {
    if (line.product.is_customizable) {
      proofs.set(line.product.id, await deps.print.approvedProofFor(user.userId, line.product.id));
    }
  }
  return proofs;
}

/** Each order line carries its proof (null: not personalised), written with the order's one statement. */
function withProofs<P extends ReturnType<typeof placedOrderRows>>(placed: P, proofs: Map<number, number>): P {
  const lines = placed.rows.lines.map((l) => ({ ...l, proof_id: proofs.get(l.product_id) ?? null }));
  return { ...placed, rows: { ...placed.rows, lines } };
}

/**
 * Places an order (DESIGN §6): every line re-validated, stock taken through the ledger without
 * ever going below zero where forbidden, amounts computed here, the confirmation queued in the
 * outbox — all in one statement, so all or nothing (placing.repository, docs/decisions/018).
 * With an Idempotency-Key a retry returns the first order and the same key with another request
 * is refused: a request that cannot be placed first looks for its key, whose answer wins. An
 * attempt the server aborts (deadlock or serialization failure) is run again from the start, a
 * bounded number of times; so is one whose write found that a concurrent order changed an
 * "approval" balance its Active or Pending Approval was decided on (decision 039).
 */
export async function placeOrder(
  deps: OrdersDeps,
  user: SessionUser,
  body: PlaceOrderBody,
  idempotencyKey?: string,
  now = new Date(),
) {
  const { db } = deps;
  if (body.items.some((i) => i.is_destroy)) return placeDestroyOrder(deps, user, body, idempotencyKey);
  // PlaceOrderBodySchema lets only a destroy order leave the contact and delivery method out.
  if (!hasShippingFields(body)) throw new AppError("VALIDATION_FAILED");
  const input = body;
  const method = (await deliveryMethodsFor(deps, user)).find((m) => m.id === input.delivery_method_id);
  if (!method) throw methodNotAllowed();
  refuseDuplicateProducts(input.items, "an order");
  const key = idempotencyKey
    ? { userId: user.userId, key: idempotencyKey, requestHash: requestHash(input) }
    : undefined;
  /** The answer of the key when it was used before, else the refusal. */
  const refuse = async (refusal: AppError) => {
    if (key) {
      const taken = await checkoutRepo.findIdempotencyKey(db, key.userId, key.key);
      if (taken) return answerTakenKey(taken, key.requestHash);
    }
    throw refusal;
  };

  for (let attempt = 1; ; attempt++) {
    const placed = await withRetries(() => attemptOrder(deps, user, { input, method, key, now }, refuse));
    if (placed !== ALLOWANCE_CHANGED) return placed;
    if (attempt >= ALLOWANCE_ATTEMPTS) return refuse(new AppError("CONFLICT", ALLOWANCE_BUSY));
  }
}
