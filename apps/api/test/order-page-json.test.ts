import { asc, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cost_centers,
  customers,
  delivery_methods,
  departments,
  order_status_history,
  order_statuses,
  orders,
  users,
} from "../src/db/schema/index.ts";
import { findOrderPage } from "../src/modules/orders/order-page.repository.ts";
import { createTestApp } from "./helpers.ts";

/*
 * An order page comes from the database as one JSON value (decision 038): the order row inside it
 * must be the row the driver gives, column for column (its timestamps made Dates again). A column
 * JSON carries differently (a bigint, a numeric, a timestamp left as text) fails here. Both drivers.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("an order page's row", () => {
  it("is the driver's row of the order, for every demo order of several kinds", async () => {
    const rows = await t.db.select().from(orders).orderBy(desc(orders.id)).limit(40);
    expect(rows.length).toBeGreaterThan(10);
    // Shipped and approved orders carry the optional timestamps too.
    expect(rows.some((r) => r.date_shipped !== null)).toBe(true);
    for (const row of rows) {
      const page = await findOrderPage(t.db, row.id, { customerId: row.customer_id });
      expect(page?.order).toEqual(row);
    }
    const [first] = rows;
    if (!first) throw new Error("no demo order");
    // Another customer's reader gets nothing.
    expect(await findOrderPage(t.db, first.id, { customerId: first.customer_id + 1 })).toBeUndefined();
  });

  it("names the order's people and lookups as joins on its keys would", async () => {
    const placer = alias(users, "placer");
    const expected = await t.db
      .select({
        id: orders.id,
        customer_name: customers.name,
        first_name: users.first_name,
        last_name: users.last_name,
        representation: users.representation,
        user_email: users.email,
        order_status_name: order_statuses.name,
        delivery_method_name: delivery_methods.name,
        department_name: departments.name,
        cost_center_name: cost_centers.name,
        placer_first_name: placer.first_name,
        placer_last_name: placer.last_name,
        placer_email: placer.email,
        customer_id: orders.customer_id,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customer_id))
      .innerJoin(users, eq(users.id, orders.user_id))
      .innerJoin(order_statuses, eq(order_statuses.id, orders.order_status_id))
      .innerJoin(delivery_methods, eq(delivery_methods.id, orders.delivery_method_id))
      .leftJoin(departments, eq(departments.id, orders.department_id))
      .leftJoin(cost_centers, eq(cost_centers.id, orders.cost_center_id))
      .leftJoin(placer, eq(placer.id, orders.placed_by_user_id))
      .orderBy(desc(orders.id))
      .limit(40);
    const history = await t.db
      .select({
        order_id: order_status_history.order_id,
        order_status: order_status_history.order_status_id,
        order_status_name: order_statuses.name,
        user_id: order_status_history.user_id,
        first_name: users.first_name,
        last_name: users.last_name,
        representation: users.representation,
      })
      .from(order_status_history)
      .innerJoin(order_statuses, eq(order_statuses.id, order_status_history.order_status_id))
      .leftJoin(users, eq(users.id, order_status_history.user_id))
      .where(
        inArray(
          order_status_history.order_id,
          expected.map((e) => e.id),
        ),
      )
      .orderBy(asc(order_status_history.created), asc(order_status_history.id));
    // The demo orders have departments, cost centers, and history entries made by people.
    expect(expected.some((e) => e.department_name !== null && e.cost_center_name !== null)).toBe(true);
    expect(history.some((h) => h.user_id !== null && h.first_name !== null)).toBe(true);
    for (const { id, customer_id, ...names } of expected) {
      const page = await findOrderPage(t.db, id, { customerId: customer_id });
      expect(page?.names).toEqual(names);
      const events = history.filter((h) => h.order_id === id).map(({ order_id: _o, ...event }) => event);
      expect(page?.history.map(({ created: _c, note: _n, ...event }) => event)).toEqual(events);
    }
  });
});
