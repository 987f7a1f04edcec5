import {
  MESSAGES,
  ORDER_STATUS,
  ORDER_TYPE_ONLINE,
  PAYMENT_METHOD,
  type PlaceOrderBody,
  QUICKBOOKS_TYPE_DESTROYABLE,
} from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import { inRetriedTransaction } from "../../db/retry.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import * as checkoutRepo from "./checkout.repository.ts";
import { deliveryMethodsFor } from "./checkout.ts";
import { claimKey } from "./idempotency.ts";
import * as repo from "./orders.repository.ts";
import type { OrdersDeps } from "./orders-deps.ts";
import type { DeliveryMethod } from "./placing.ts";

type Found = Awaited<ReturnType<OrdersDeps["catalog"]["productsByIds"]>>;
type Orderer = NonNullable<Awaited<ReturnType<typeof checkoutRepo.findOrderer>>>;

/** Refuses lines that are not the whole stock of an in-inventory product of the obsolete type (409). */
function refuseUndestroyable(found: Found, items: PlaceOrderBody["items"]) {
  const fields: Record<string, string> = {};
  for (const item of items) {
    const p = found.find((x) => x.id === item.id);
    if (!p?.is_in_inventory || p.quickbooks_type_id !== QUICKBOOKS_TYPE_DESTROYABLE) {
      fields[`items.${item.id}`] = "Only in-inventory products of the obsolete type can be destroyed.";
    } else if (item.quantity !== p.actual_inventory) {
      fields[`items.${item.id}`] = `The stock of ${p.name} changed to ${p.actual_inventory} packs; destroy it again.`;
    }
  }
  if (Object.keys(fields).length) throw new AppError("CONFLICT", Object.values(fields).join(" "), fields);
}

/** The order row of a destroy order: Destroyed when placed, nothing ships, nothing can be cancelled. */
function destroyOrderRow(user: SessionUser, input: PlaceOrderBody, orderer: Orderer, method: DeliveryMethod) {
  const ordererName =
    [orderer.first_name, orderer.last_name].filter(Boolean).join(" ") || orderer.representation || "Staff";
  return {
    customer_id: user.customerId,
    user_id: user.userId,
    placed_by_user_id: user.actingAdminId ?? user.userId,
    // Done when placed: the stock is written off below; nothing ships, nothing can be cancelled.
    order_status_id: ORDER_STATUS.DESTROYED,
    order_type_id: ORDER_TYPE_ONLINE,
    payment_method_id: PAYMENT_METHOD.ON_INVOICE,
    delivery_method_id: method.id,
    is_destroy: true,
    contact_name: input.contact_name ?? ordererName,
    contact_phone: input.contact_phone ?? orderer.phone ?? "",
    email: input.email ?? orderer.email ?? "",
    shipping_instruction: input.shipping_instruction || "Destroy stock: nothing ships",
    shipping_address_id: null,
    ship_name: "Warehouse (destroyed in stock)",
    ship_line1: "No shipment",
    ship_city: "",
    ship_state: "",
    ship_zip_code: "",
  };
}

/** 'destroy' ledger rows taking each stock to zero, each only if it is still the stock being destroyed. */
async function destroyStock(
  deps: OrdersDeps,
  tx: Executor,
  input: PlaceOrderBody,
  found: Found,
  orderId: number,
  userId: number,
) {
  for (const item of [...input.items].sort((a, b) => a.id - b.id)) {
    const balance = await deps.inventory.changeStock(tx, {
      productId: item.id,
      delta: -item.quantity,
      action: "destroy",
      forbidNegative: false,
      expectedBalance: item.quantity,
      orderId,
      userId,
      comment: "Destroyed",
    });
    if (balance === undefined) {
      const name = found.find((p) => p.id === item.id)?.name ?? String(item.id);
      const message = `The stock of ${name} changed while it was being destroyed; destroy it again.`;
      throw new AppError("CONFLICT", message, { [`items.${item.id}`]: message });
    }
  }
}

/**
 * A destroy order (SPEC §4): administrators only, destroy lines only, each for the whole stock of
 * an in-inventory product of type 5. It ships nothing and costs nothing; 'destroy' ledger rows
 * take the stock to zero. Each balance is taken only if it is still the stock being destroyed, so
 * concurrent destroys (or a sale in between) can never take it below zero: the later one is
 * refused with CONFLICT. The Idempotency-Key works as for any order. Nobody is contacted and
 * nothing ships (issue 11): the contact and delivery method may be left out and come from the
 * user and the first delivery method they may use; no address is asked for or used.
 */
export async function placeDestroyOrder(
  deps: OrdersDeps,
  user: SessionUser,
  input: PlaceOrderBody,
  idempotencyKey?: string,
) {
  const { db } = deps;
  if (!input.items.every((i) => i.is_destroy)) {
    throw new AppError("VALIDATION_FAILED", MESSAGES.destroyOnlyCart, { items: MESSAGES.destroyOnlyCart });
  }
  if (!user.isAdmin) throw new AppError("FORBIDDEN", "Only administrators can destroy stock.");
  const methods = await deliveryMethodsFor(deps, user);
  const method =
    input.delivery_method_id === undefined ? methods[0] : methods.find((m) => m.id === input.delivery_method_id);
  if (!method) throw new AppError("DELIVERY_METHOD_NOT_ALLOWED");
  const orderer = await checkoutRepo.findOrderer(db, user.userId);
  if (!orderer) throw new AppError("UNAUTHENTICATED");
  const scope = deps.catalog.scopeFor(user);
  return inRetriedTransaction(db, async (tx) => {
    const key = await claimKey(tx, user.userId, idempotencyKey, input);
    if (key.replay) return key.replay;
    const found = await deps.catalog.productsByIds(
      tx,
      scope,
      input.items.map((i) => i.id),
    );
    refuseUndestroyable(found, input.items);
    const order = await repo.insertOrder(tx, destroyOrderRow(user, input, orderer, method));
    await destroyStock(deps, tx, input, found, order.id, user.userId);
    await repo.insertOrderLines(
      tx,
      input.items.map((item) => ({
        order_id: order.id,
        product_id: item.id,
        product_name: found.find((p) => p.id === item.id)?.name ?? String(item.id),
        quantity: item.quantity,
        unit_price_cents: 0,
        total_price_cents: 0,
      })),
    );
    await repo.insertStatus(tx, order.id, ORDER_STATUS.DESTROYED, user.userId, "Destroy order: stock destroyed");
    await deps.cart.removeOrderedLines(
      tx,
      user.userId,
      input.items.map((i) => i.id),
    );
    if (key.keyId !== undefined) await checkoutRepo.setIdempotencyOrder(tx, key.keyId, order.id);
    return { id: order.id, replayed: false };
  });
}
