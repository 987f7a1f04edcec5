import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { escapeLike } from "../../db/like.ts";
import { preparedByShape } from "../../db/prepared.ts";
import { order_statuses, orders, shipments, users } from "../../db/schema/index.ts";
import { dayEnd, dayStart } from "../../lib/portal-days.ts";
import type { OrderReader } from "./orders.repository.ts";

/*
 * The order list, written once: My Orders (the practice's, by whom it may read) and the order desk
 * (every order of the customer, filtered) page the same rows with their status names and orderers.
 */

/**
 * A page of orders with their status and orderer, newest first: by id (My Orders) or by when they
 * were placed (the desk, whose (customer_id, created) indexes serve that order).
 */
function listOrderRows(db: Executor, where: SQL | undefined, newest: "id" | "created", limit: number, offset: number) {
  return db
    .select({
      id: orders.id,
      created: orders.created,
      order_status: orders.order_status_id,
      order_status_name: order_statuses.name,
      first_name: users.first_name,
      last_name: users.last_name,
      representation: users.representation,
      po_number: orders.po_number,
      ship_city: orders.ship_city,
      ship_state: orders.ship_state,
      shipping_instruction: orders.shipping_instruction,
      total_order_amount: orders.total_order_amount,
      date_shipped: orders.date_shipped,
      tracking_number: orders.tracking_number,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.user_id))
    .innerJoin(order_statuses, eq(order_statuses.id, orders.order_status_id))
    .where(where)
    .orderBy(...(newest === "id" ? [desc(orders.id)] : [desc(orders.created), desc(orders.id)]))
    .limit(limit)
    .offset(offset);
}

/** My Orders' filter: a status, and the portal-calendar days (YYYY-MM-DD) the orders were placed in. */
export interface OrderListFilter {
  orderStatusId?: number;
  fromDay?: string;
  toDay?: string;
}

/** A row of My Orders as the one statement gives it (JSON: the timestamps as text). */
export interface OrderListRow {
  id: number;
  created: string;
  order_status: number;
  order_status_name: string;
  first_name: string | null;
  last_name: string | null;
  shipping_instruction: string | null;
  total_order_amount: number;
  date_shipped: string | null;
  tracking_number: string | null;
  shipments: { carrier: string; tracking_number: string; shipped_on: string }[];
}

/**
 * Which parts of My Orders' condition a request has: the reader's (the customer's orders, narrowed
 * to a department's or a user's, as readerWhere), the filters and the page size it is read with.
 */
type ListShape = `list${"" | "+department"}${"" | "+user"}${"" | "+status"}${"" | "+from"}${"" | "+to"}/${PageSize}`;

/**
 * The page sizes My Orders' statements are written for: a request's page is read with the first
 * size that holds it (and cut to its own length). A LIMIT bound to a placeholder is planned as a
 * tenth of the rows, so PostgreSQL's generic plan for a practice's page walked the orders' primary
 * key newest first past every other practice's order (836 of 1,023 in the demo data, more as the
 * table grows) instead of reading the reader's index; a LIMIT written into the statement is
 * planned for what it is. A few sizes keep the statements per connection few.
 */
const PAGE_SIZES = [25, 100, 1000] as const;
type PageSize = (typeof PAGE_SIZES)[number];
const pageSizeFor = (limit: number): PageSize => PAGE_SIZES.find((size) => size >= limit) ?? 1000;

/** The page size a shape's statement is written for (one of PAGE_SIZES, never a request's value). */
const pageSizeOf = (shape: ListShape) => shape.slice(shape.indexOf("/") + 1);

function listShapeOf(reader: OrderReader, filter: OrderListFilter, limit: number): ListShape {
  return `list${reader.departmentId === undefined ? "" : "+department"}${reader.userId === undefined ? "" : "+user"}${
    filter.orderStatusId === undefined ? "" : "+status"
  }${filter.fromDay ? "+from" : ""}${filter.toDay ? "+to" : ""}/${pageSizeFor(limit)}`;
}

/** My Orders' statement for one shape, every value a placeholder (db/prepared.ts preparedByShape). */
function listStatement(shape: ListShape): SQL {
  const has = (part: string) => shape.includes(part);
  const where = and(
    eq(orders.customer_id, sql.placeholder("customerId")),
    has("+department") ? eq(orders.department_id, sql.placeholder("departmentId")) : undefined,
    has("+user") ? eq(orders.user_id, sql.placeholder("userId")) : undefined,
    has("+status") ? eq(orders.order_status_id, sql.placeholder("orderStatusId")) : undefined,
    has("+from") ? sql`${orders.created} >= ${dayStart(sql.placeholder("fromDay"))}` : undefined,
    has("+to") ? sql`${orders.created} < ${dayEnd(sql.placeholder("toDay"))}` : undefined,
  );
  const packages = sql`(select coalesce(json_agg(json_build_object('carrier', s.carrier,
      'tracking_number', s.tracking_number, 'shipped_on', s.shipped_on) order by s.id), '[]'::json)
    from ${shipments} s where s.order_id = ${orders.id})`;
  const page = sql`select ${orders.id}, ${orders.created}, ${orders.order_status_id} as order_status,
      ${order_statuses.name} as order_status_name, ${users.first_name}, ${users.last_name},
      ${orders.shipping_instruction}, ${orders.total_order_amount}, ${orders.date_shipped},
      ${orders.tracking_number}, ${packages} as shipments
    from ${orders}
    join ${users} on ${users.id} = ${orders.user_id}
    join ${order_statuses} on ${order_statuses.id} = ${orders.order_status_id}
    where ${where}
    order by ${orders.id} desc limit ${sql.raw(pageSizeOf(shape))} offset ${sql.placeholder("offset")}`;
  return sql`select (select count(*)::int from ${orders} where ${where}) as total,
      (select coalesce(json_agg(p order by p.id desc), '[]'::json) from (${page}) p) as rows`;
}

const runList = preparedByShape<ListShape, { total: number; rows: OrderListRow[] }>(listStatement);

/**
 * A page of My Orders in ONE statement (issue 22 §2, decision 038): how many orders the filter
 * finds (an index count, run once), and the page newest first with each order's status, orderer
 * and packages as one JSON value. It was three statements (the page, the count, the packages).
 * Built once per shape of reader, filters and page size, the values bound to placeholders.
 */
export async function listOrders(
  db: Executor,
  reader: OrderReader,
  filter: OrderListFilter,
  limit: number,
  offset: number,
) {
  const [row] = await runList(db, listShapeOf(reader, filter, limit), {
    customerId: reader.customerId,
    departmentId: reader.departmentId,
    userId: reader.userId,
    orderStatusId: filter.orderStatusId,
    fromDay: filter.fromDay,
    toDay: filter.toDay,
    offset,
  });
  const rows = row?.rows ?? [];
  return { rows: rows.length > limit ? rows.slice(0, limit) : rows, total: row?.total ?? 0 };
}

export interface DeskFilter {
  customerId: number;
  text?: string;
  dateFrom?: string;
  dateTo?: string;
  poNumber?: string;
  orderId?: number;
}

/**
 * The desk's filters but the status, as conditions on `orders`. Every one keeps the customer
 * first, so the (customer_id, created) and (customer_id, order_status_id, created) indexes serve
 * the newest-first page and the per-status counts (issue 11; bench/README.md).
 */
function deskConditions(f: DeskFilter): SQL[] {
  const where: SQL[] = [eq(orders.customer_id, f.customerId)];
  if (f.orderId !== undefined) where.push(eq(orders.id, f.orderId));
  if (f.dateFrom) where.push(sql`${orders.created} >= ${dayStart(f.dateFrom)}`);
  if (f.dateTo) where.push(sql`${orders.created} < ${dayEnd(f.dateTo)}`);
  if (f.poNumber) where.push(sql`${orders.po_number} ilike ${`%${escapeLike(f.poNumber)}%`}`);
  if (f.text) {
    const p = `%${escapeLike(f.text)}%`;
    where.push(sql`${orders.user_id} in (select su.id from users su where su.customer_id = ${f.customerId}
      and (su.representation ilike ${p} or concat_ws(' ', su.first_name, su.last_name) ilike ${p} or su.email ilike ${p}))`);
  }
  return where;
}

/** One page of the desk, newest first. */
export function listDeskOrders(db: Executor, f: DeskFilter, status: number | undefined, limit: number, offset: number) {
  const where = and(...deskConditions(f), status === undefined ? undefined : eq(orders.order_status_id, status));
  return listOrderRows(db, where, "created", limit, offset);
}

/**
 * Per status, how many orders match the other filters, each count stopping at `cap` + 1 rows: a
 * walk of at most that many index entries per status, however many orders there are.
 */
export async function countDeskOrdersByStatus(db: Executor, f: DeskFilter, cap: number) {
  const rows = await db.execute(sql`
    select s.id as order_status, s.name as order_status_name,
      (select count(*)::int from (
        select 1 from ${orders}
        where ${and(...deskConditions(f))} and ${orders.order_status_id} = s.id
        limit ${cap + 1}
      ) bounded) as count
    from ${order_statuses} s
    order by s.id`);
  return (rows as unknown as { rows: { order_status: number; order_status_name: string; count: number }[] }).rows;
}
