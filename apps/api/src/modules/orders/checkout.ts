import {
  DEFAULT_DELIVERY_METHOD,
  displayProductName,
  FORBIDDEN_DELIVERY_METHOD_ID,
  MESSAGES,
  type Quote,
  type QuoteRequest,
} from "@vetportal/contract";
import { AppError } from "../../lib/app-error.ts";
import { deepFreeze } from "../../lib/cache.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import * as checkoutRepo from "./checkout.repository.ts";
import type { OrdersDeps } from "./orders-deps.ts";
import * as placing from "./placing.repository.ts";
import { methodNotAllowed, refuseDuplicateProducts } from "./placing.ts";
import { quoteCart } from "./pricing.ts";

type MethodList = Awaited<ReturnType<typeof checkoutRepo.listCustomerDeliveryMethods>>;
/** The customer's delivery methods, cached until delivery_methods or customer_delivery_methods change. */
const methodLists = new WeakMap<OrdersDeps["caches"], () => Promise<MethodList>>();

function customerMethods({ db, settings, caches }: OrdersDeps) {
  let list = methodLists.get(caches);
  if (!list) {
    list = caches.value(["delivery_methods", "customer_delivery_methods"], async () =>
      deepFreeze(await checkoutRepo.listCustomerDeliveryMethods(db, settings.CUSTOMER_ID)),
    );
    methodLists.set(caches, list);
  }
  return list();
}

/**
 * SPEC §6: the admin user gets the customer's list; everyone else UPS Ground. Never 43. "Admin"
 * means administrator rights from a password session, never the user id alone (decision 012).
 * The list is cached (decision 038): checkout, quotes and every order read it.
 */
export async function deliveryMethodsFor(deps: OrdersDeps, user: SessionUser) {
  const list = await customerMethods(deps);
  const allowed = user.isAdmin ? list : list.filter((m) => m.id === DEFAULT_DELIVERY_METHOD.id);
  return allowed.filter((m) => m.id !== FORBIDDEN_DELIVERY_METHOD_ID);
}

/** The portal's customer with the delivery methods and cost centers the user may choose at checkout. */
export async function getCustomer(deps: OrdersDeps, user: SessionUser) {
  const customer = await checkoutRepo.findCustomer(deps.db, deps.settings.CUSTOMER_ID);
  if (!customer) throw new AppError("NOT_FOUND");
  const [methods, costCenters] = await Promise.all([
    deliveryMethodsFor(deps, user),
    placing.findCheckoutCostCenters(deps.db, user.userId),
  ]);
  return {
    id: customer.id,
    name: customer.name,
    delivery_methods: methods.map(({ id, name, remarks }) => ({ id, name, remarks })),
    cost_centers: costCenters.list,
    // Required only when there is one to choose: a department without any cannot comply.
    cost_center_required: costCenters.required && costCenters.list.length > 0,
  };
}

/**
 * The price of a cart before it is ordered (issue 11): per line the quantity the portal would
 * accept and why it differs, its unit price and total, then pick fees, shipping (once the
 * delivery method is known: the chosen one, or the only one offered), processing, tax and the
 * total — priced by the code that prices a placed order (pricing.ts priceOrder), so the receipt
 * shows the quoted total. Lines the user may not order are listed at quantity 0.
 */
export async function quote(deps: OrdersDeps, user: SessionUser, input: QuoteRequest): Promise<Quote> {
  const isDestroy = input.items.some((i) => i.is_destroy);
  if (isDestroy && !input.items.every((i) => i.is_destroy)) {
    throw new AppError("VALIDATION_FAILED", MESSAGES.destroyOnlyCart, { items: MESSAGES.destroyOnlyCart });
  }
  refuseDuplicateProducts(input.items, "a cart");
  const ids = input.items.map((i) => i.id);
  const methods = await deliveryMethodsFor(deps, user);
  const chosen = input.delivery_method_id;
  const method =
    chosen === undefined ? (methods.length === 1 ? methods[0] : undefined) : methods.find((m) => m.id === chosen);
  if (chosen !== undefined && !method) throw methodNotAllowed();
  const scope = deps.catalog.scopeFor(user);
  const read = await placing.readForQuote(deps.db, deps.catalog.orderReads(scope, ids));
  const priced = quoteCart({
    items: input.items,
    products: read.products.map((p) => ({ ...p, name: displayProductName(p.name, p.product_category_id) })),
    ranges: read.ranges,
    // A destroy order ships nothing and costs nothing (SPEC §4).
    shippingCents: isDestroy ? 0 : (method?.shipping_cents ?? null),
    deliveryMethodId: method?.id ?? null,
    isDestroy,
  });
  if (isDestroy) return { ...priced, allowance: [] };
  const lines = priced.lines.flatMap((l) => {
    const product = read.products.find((p) => p.id === l.id);
    return product && l.quantity > 0
      ? [
          {
            productId: l.id,
            categoryId: product.product_category_id,
            name: l.product_name,
            quantity: l.quantity,
            amountCents: l.total_price_cents,
          },
        ]
      : [];
  });
  // What the order would do to the practice's allowances (decision 039), and whether it will need
  // approval and why (decision 040): the practice sees both before it orders.
  const allowance = await deps.allowances.preview(deps.db, { userId: user.userId, lines });
  const approval = await deps.approvals.check(user, { totalCents: priced.total_order_amount, lines, allowance });
  return { ...priced, allowance, approval };
}
