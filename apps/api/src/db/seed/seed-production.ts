import { ORDER_STATUS, orderAmounts, portalDay } from "@vetportal/contract";
import { and, asc, eq } from "drizzle-orm";
import * as t from "../schema/index.ts";
import type { SeedContext } from "./context.ts";
import { DEMO_POSTCARD_ID } from "./seed-print.ts";

/** The personalised demo product: print-proof's seed (`seed-print.ts`) makes it with its template. */
const DEMO_PERSONALISED_PRODUCT = DEMO_POSTCARD_ID;
/** The stocked line: a Dental Health product, outside the client-education programme's scope (2100). */
const STOCKED_CATEGORY = 2101;
const PRACTICE_USER = 2;

/** The demo lines' product names and Happy Paws' approved postcard proof (seed-print.ts). */
async function demoLines({ db }: SeedContext) {
  const [stocked] = await db
    .select({ id: t.products.id, name: t.products.name })
    .from(t.products)
    .where(and(eq(t.products.product_category_id, STOCKED_CATEGORY), eq(t.products.is_customizable, false)))
    .orderBy(asc(t.products.id))
    .limit(1);
  const [printed] = await db
    .select({ name: t.products.name })
    .from(t.products)
    .where(eq(t.products.id, DEMO_PERSONALISED_PRODUCT));
  // Happy Paws' approved postcard proof (seed-print.ts): the personalised line prints it.
  const [proof] = await db
    .select({ id: t.proofs.id })
    .from(t.proofs)
    .where(and(eq(t.proofs.user_id, PRACTICE_USER), eq(t.proofs.product_id, DEMO_PERSONALISED_PRODUCT)));
  return { stocked, printedName: printed?.name, proof };
}

/**
 * A split demo order of Happy Paws (issue 24 §5): a stocked line shipped yesterday in its own
 * shipment, and a personalised line still Printing, so the desk and the practice's order page
 * show "1 of 2 lines shipped, 1 printing".
 */
export async function seedProduction(ctx: SeedContext, now: Date) {
  const { db, customerId } = ctx;
  const [address] = await db
    .select()
    .from(t.addresses)
    .where(and(eq(t.addresses.belong_to, "user"), eq(t.addresses.owner_id, PRACTICE_USER)))
    .orderBy(asc(t.addresses.id))
    .limit(1);
  const [user] = await db.select().from(t.users).where(eq(t.users.id, PRACTICE_USER));
  const { stocked: stockedProduct, printedName, proof } = await demoLines(ctx);
  if (!address || !user || !stockedProduct || !printedName || !proof) return;
  const placed = new Date(now.getTime() - 2 * 86_400_000);
  const shippedOn = portalDay(new Date(now.getTime() - 86_400_000));
  const lines = [
    { product_id: stockedProduct.id, product_name: stockedProduct.name, quantity: 4, unit: 1_250 },
    { product_id: DEMO_PERSONALISED_PRODUCT, product_name: printedName, quantity: 2, unit: 4_900 },
  ];
  const amounts = orderAmounts(
    lines.map((l) => ({
      quantity: l.quantity,
      unit_price_cents: l.unit,
      total_price_cents: l.unit * l.quantity,
      pick_fee_cents: 0,
    })),
    1_500,
  );
  const [order] = await db
    .insert(t.orders)
    .values({
      customer_id: customerId,
      user_id: PRACTICE_USER,
      department_id: user.department_id,
      order_status_id: ORDER_STATUS.ACTIVE,
      delivery_method_id: 1,
      contact_name: "Maria Lopez",
      contact_phone: "415-555-0100",
      email: user.email ?? "maria.lopez@happypaws.test",
      po_number: "PRINT-1",
      shipping_address_id: address.id,
      ship_name: address.company ?? "Happy Paws Veterinary Clinic",
      ship_line1: address.line1,
      ship_line2: address.line2,
      ship_city: address.city,
      ship_state: address.state,
      ship_zip_code: address.zip_code,
      ...amounts,
      created: placed,
    })
    .returning({ id: t.orders.id });
  if (!order) throw new Error("production demo order not inserted");
  const [stocked, printed] = await db
    .insert(t.order_products)
    .values(
      lines.map((l) => ({
        order_id: order.id,
        product_id: l.product_id,
        product_name: l.product_name,
        quantity: l.quantity,
        unit_price_cents: l.unit,
        total_price_cents: l.unit * l.quantity,
        production_status_id: l.product_id === DEMO_PERSONALISED_PRODUCT ? ORDER_STATUS.PRINTING : null,
        proof_id: l.product_id === DEMO_PERSONALISED_PRODUCT ? proof.id : null,
        shipped_quantity: l.product_id === DEMO_PERSONALISED_PRODUCT ? 0 : l.quantity,
        date_shipped: l.product_id === DEMO_PERSONALISED_PRODUCT ? null : new Date(now.getTime() - 86_400_000),
        created: placed,
      })),
    )
    .returning({ id: t.order_products.id });
  if (!stocked || !printed) throw new Error("production demo lines not inserted");
  const [shipment] = await db
    .insert(t.shipments)
    .values({ order_id: order.id, carrier: "UPS", tracking_number: "1Z999AA10123456784", shipped_on: shippedOn })
    .returning({ id: t.shipments.id });
  if (!shipment) throw new Error("production demo shipment not inserted");
  await db.insert(t.shipment_lines).values({ shipment_id: shipment.id, order_product_id: stocked.id, quantity: 4 });
  await db
    .insert(t.order_status_history)
    .values([{ order_id: order.id, order_status_id: ORDER_STATUS.ACTIVE, user_id: PRACTICE_USER, created: placed }]);
}
