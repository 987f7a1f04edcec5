import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias, type PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { preparedByShape } from "../../db/prepared.ts";
import {
  cost_centers,
  customers,
  delivery_methods,
  departments,
  order_products,
  order_status_history,
  order_statuses,
  orders,
  shipment_lines,
  shipments,
  users,
} from "../../db/schema/index.ts";
import type { OrderLineRow, OrderReader, OrderRow } from "./orders.repository.ts";

/*
 * An order page's whole read in ONE statement (issue 22 §2, decision 038): the order row, the names
 * beside it, its lines, its status history and its packages, the lists as JSON sub-selects. It was
 * five statements one after the other (findOrder, findOrderNames, listOrderLines,
 * listStatusHistory, listShipments). Each shape of reader is a named prepared statement, so a
 * PostgreSQL connection parses and plans it once, and the page comes as one JSON value.
 */

/** A line as the order pages read it: every column of order_products but its timestamps. */
export type OrderPageLine = Omit<OrderLineRow, "created" | "updated" | "date_shipped">;

/** A status change as the JSON sub-select gives it (created as text; the read model makes it a Date). */
export interface OrderPageEvent {
  order_status: number;
  order_status_name: string;
  created: string;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  representation: string | null;
  note: string | null;
}

export interface OrderPagePackage {
  id: number;
  carrier: string;
  tracking_number: string;
  shipped_on: string;
  /** The first package of its shipment; null on that one (issue 24 §5). */
  shipment_of: number | null;
  /** The lines its shipment held (on the first package only). */
  lines: { order_product_id: number; quantity: number }[];
}

// date_shipped (a timestamp, for the reports) is left out: the pages show the shipments' days.
const {
  created: _created,
  updated: _updated,
  date_shipped: _shipped,
  ...lineColumns
} = getTableColumns(order_products);

/**
 * json_build_object of the line columns, by their database names. Every column of order_products
 * but the timestamps is an integer, text or a day (mode "string"), which JSON carries as the
 * driver does; a column of another kind (a bigint, a timestamp) would need its conversion here.
 */
const lineObject = sql.join(
  [
    sql`json_build_object(`,
    sql.join(
      Object.entries(lineColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, l.${sql.identifier(column.name)}`),
      sql`, `,
    ),
    sql`)`,
  ],
  sql``,
);

/*
 * A name beside the order is looked up by its key, one row by its primary key, rather than joined:
 * as joins, PostgreSQL's generic plan for this prepared statement hashed the small tables
 * (statuses, users) for the one row it needed, every time (decision 038, fourth addendum). Every key
 * here is a foreign key, and the required ones are NOT NULL, so the lookup finds what the join did.
 */
const nameOf = (table: PgTable & { id: AnyPgColumn; name: AnyPgColumn }, key: AnyPgColumn | SQL) =>
  sql`(select ${sql.identifier("name")} from ${table} where ${sql.identifier("id")} = ${key})`;

/** A user's columns by id, as a lateral subquery kept apart (`offset 0`), so it stays a lookup by key. */
const userById = (key: AnyPgColumn | SQL, columns: SQL) =>
  sql`select ${columns} from ${users} where ${sql.identifier("id")} = ${key} offset 0`;

const linesJson = sql<OrderPageLine[]>`(select coalesce(json_agg(${lineObject} order by l.id), '[]'::json)
  from ${order_products} l where l.order_id = ${orders.id})`;

const historyJson = sql<OrderPageEvent[]>`(select coalesce(json_agg(json_build_object(
    'order_status', h.order_status_id, 'order_status_name', ${nameOf(order_statuses, sql`h.order_status_id`)},
    'created', h.created, 'user_id', h.user_id,
    'first_name', a.first_name, 'last_name', a.last_name, 'representation', a.representation,
    'note', h.note) order by h.created, h.id), '[]'::json)
  from ${order_status_history} h
  left join lateral (${userById(sql`h.user_id`, sql`first_name, last_name, representation`)}) a on true
  where h.order_id = ${orders.id})`;

const packagesJson = sql<OrderPagePackage[]>`(select coalesce(json_agg(json_build_object(
    'id', s.id, 'carrier', s.carrier, 'tracking_number', s.tracking_number, 'shipped_on', s.shipped_on,
    'shipment_of', s.shipment_of,
    'lines', (select coalesce(json_agg(json_build_object('order_product_id', sl.order_product_id,
      'quantity', sl.quantity) order by sl.order_product_id), '[]'::json)
      from ${shipment_lines} sl where sl.shipment_id = s.id)) order by s.id), '[]'::json)
  from ${shipments} s where s.order_id = ${orders.id})`;

/** Who placed an order when it was not the practice itself (decision 042). */
const PLACER = "placer";
const placer = alias(users, PLACER);

/** The shape of a reader's condition: which of department and user narrow the customer's orders. */
type ReaderShape = "customer" | "department" | "user";
const shapeOf = (reader: OrderReader): ReaderShape =>
  reader.userId !== undefined ? "user" : reader.departmentId !== undefined ? "department" : "customer";

function readerCondition(shape: ReaderShape): SQL | undefined {
  const customer = eq(orders.customer_id, sql.placeholder("customerId"));
  if (shape === "user") return and(customer, eq(orders.user_id, sql.placeholder("userId")));
  if (shape === "department") return and(customer, eq(orders.department_id, sql.placeholder("departmentId")));
  return customer;
}

/** The order row's timestamps, which JSON carries as text: they are made Dates, as the driver gives them. */
const orderTimestamps = Object.entries(getTableColumns(orders))
  .filter(([, column]) => column.columnType === "PgTimestamp")
  .map(([key]) => key as keyof OrderRow);

/**
 * The page as ONE JSON value (one column: the driver describes and maps one field, not some sixty),
 * built once per reader shape with a placeholder for every value (db/prepared.ts preparedByShape).
 * Every column of `orders` is an integer, text, a boolean or a timestamp; a column of another kind
 * JSON carries differently (a bigint, a numeric) would need its conversion in findOrderPage.
 */
const orderPage = preparedByShape<ReaderShape, { page: OrderPageJson }>(
  (shape) => sql`select json_build_object(
      'order', to_json(${orders}),
      'names', json_build_object(
        'customer_name', ${nameOf(customers, orders.customer_id)},
        'first_name', ${users.first_name}, 'last_name', ${users.last_name},
        'representation', ${users.representation}, 'user_email', ${users.email},
        'order_status_name', ${nameOf(order_statuses, orders.order_status_id)},
        'delivery_method_name', ${nameOf(delivery_methods, orders.delivery_method_id)},
        'department_name', ${nameOf(departments, orders.department_id)},
        'cost_center_name', ${nameOf(cost_centers, orders.cost_center_id)},
        'placer_first_name', ${placer.first_name}, 'placer_last_name', ${placer.last_name},
        'placer_email', ${placer.email}),
      'lines', ${linesJson}, 'history', ${historyJson}, 'packages', ${packagesJson}) as page
    from ${orders}
    join ${users} on ${users.id} = ${orders.user_id}
    left join lateral (${userById(orders.placed_by_user_id, sql`first_name, last_name, email`)}) as ${sql.identifier(PLACER)} on true
    where ${and(eq(orders.id, sql.placeholder("id")), readerCondition(shape))}
    limit 1`,
);

/** What the page's JSON holds: the order row with its timestamps as text, and the rest as read. */
interface OrderPageJson {
  order: Record<string, unknown>;
  names: {
    customer_name: string;
    first_name: string | null;
    last_name: string | null;
    representation: string | null;
    user_email: string | null;
    order_status_name: string;
    delivery_method_name: string;
    department_name: string | null;
    cost_center_name: string | null;
    placer_first_name: string | null;
    placer_last_name: string | null;
    placer_email: string | null;
  };
  lines: OrderPageLine[];
  history: OrderPageEvent[];
  packages: OrderPagePackage[];
}

/**
 * The order of this id if the reader may read it, with its names, lines (by id), status history
 * (oldest first) and packages (in the order they were recorded), in one statement; undefined when
 * the reader may not read it.
 */
export async function findOrderPage(db: Executor, id: number, reader: OrderReader) {
  const [row] = await orderPage(db, shapeOf(reader), {
    id,
    customerId: reader.customerId,
    departmentId: reader.departmentId,
    userId: reader.userId,
  });
  if (!row) return undefined;
  const { order, ...page } = row.page;
  for (const key of orderTimestamps) {
    const value = order[key];
    if (typeof value === "string") order[key] = new Date(value);
  }
  return { order: order as OrderRow, ...page };
}
