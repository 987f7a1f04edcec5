import { and, asc, eq, getTableColumns, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type PgTable, QueryBuilder } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { type Bound, preparedByShape, runPrepared } from "../../db/prepared.ts";
import {
  addresses,
  cost_center_departments,
  cost_centers,
  department_cc_emails,
  departments,
  email_outbox,
  idempotency_keys,
  order_products,
  order_status_history,
  orders,
  users,
} from "../../db/schema/index.ts";
import {
  type AllowanceUse,
  allowanceApplyCtes,
  allowanceChangedJson,
  allowanceCheckCtes,
  allowanceRefusedJson,
} from "../../db/sql/allowance-change.ts";
import { postalColumns } from "../../db/sql/columns.ts";
import type { BoundProductScope, ProductScope } from "../../db/sql/product-scope.ts";
import { type StockChange, stockApplyCtes, stockCheckCtes } from "../../db/sql/stock-change.ts";
import type { OrderedProduct, OrderPriceRange } from "../catalog/catalog.service.ts";
import type { OutgoingEmail } from "../mail/mail.service.ts";

/*
 * Placing an order takes two statements and no explicit transaction (docs/decisions/018): one reads
 * what the order needs, the other writes it whole. A single statement is atomic on its own, so the
 * write needs no BEGIN and COMMIT round trips, and PGlite, which runs one transaction at a time,
 * is never held while the API works between statements.
 */

/** A query's rows as one JSON array, a row as one JSON object: several reads in one statement. */
const jsonRows = (query: SQLWrapper) => sql`(select coalesce(json_agg(t), '[]'::json) from (${query.getSQL()}) t)`;
const jsonRow = (query: SQLWrapper) => sql`(select row_to_json(t) from (${query.getSQL()}) t)`;

export type OrderAddress = Pick<
  typeof addresses.$inferSelect,
  "id" | "company" | "title" | "line1" | "line2" | "city" | "state" | "zip_code" | "country"
>;
/** What a read embeds of the catalogue (catalog.service orderReads): products and their price ranges. */
export interface CatalogueReads {
  products: SQLWrapper;
  ranges: SQLWrapper;
}

/**
 * What a quote reads, in one statement: the products asked for that the user may order and their
 * price ranges — the same reads as placing an order, without drawing an order id.
 */
export async function readForQuote(db: Database, catalogue: CatalogueReads) {
  const [row] = await runPrepared<{ read: { products: OrderedProduct[]; ranges: OrderPriceRange[] } }>(
    db,
    sql`select json_build_object(
      'products', ${jsonRows(catalogue.products)},
      'ranges', ${jsonRows(catalogue.ranges)}
    ) as read`,
  );
  if (!row) throw new Error("the quote's read returned no row");
  return row.read;
}

/** The values of one order's read (orderReader). */
export interface OrderReadInput {
  userId: number;
  customerId: number;
  addressId?: number;
  scope: ProductScope;
  productIds: number[];
}

/**
 * What an order's read embeds of the catalogue and the programme's modules, each written with the
 * placeholders it is given (decision 038): the read is built once per shape, never with a value.
 */
export interface OrderReadParts {
  catalogue: (scope: BoundProductScope, productIds: Placeholder) => CatalogueReads;
  allowance: (userId: Placeholder) => SQL;
  approval: (user: { customerId: Placeholder; userId: Placeholder }) => SQL;
}

/** The shape of an order's read: an address asked for or not, and the scope's shape. */
type OrderReadShape = `${"first" | "asked"} address, ${"admin" | "practice"}, ${"department" | "no department"}`;
/** A shape's parts, each typed, so that reading one back with a misspelt part does not compile. */
type SplitShape<S extends string> = S extends `${infer A}, ${infer B}, ${infer C}` ? [A, B, C] : never;
function orderReadShape(input: OrderReadInput): OrderReadShape {
  const address = input.addressId === undefined ? "first" : "asked";
  const reader = input.scope.isAdmin ? "admin" : "practice";
  const department = input.scope.departmentId === null ? "no department" : "department";
  return `${address} address, ${reader}, ${department}`;
}

/**
 * Everything placing an order reads, in one statement: an id for the order (drawn from its
 * sequence, so a request that is then refused leaves a gap in the order numbers, as a rolled-back
 * one always did), the database's clock, the delivery address (the one asked for, else the user's
 * first), the orderer, the products the user may order among those asked for, their price ranges,
 * the cc addresses of the orderer's department, and what the programme's modules read for an
 * order (`programme`: JSON values the allowances and approvals services build and read back,
 * decision 038), so that an order with no period to open costs this read and the write. The
 * statement is built once per shape (preparedByShape): an order binds its values only.
 */
export function orderReader(parts: OrderReadParts) {
  const p = {
    user: sql.placeholder("user_id"),
    customer: sql.placeholder("customer_id"),
    address: sql.placeholder("address_id"),
    products: sql.placeholder("product_ids"),
    scopeCustomer: sql.placeholder("scope_customer_id"),
    hidden: sql.placeholder("hidden_category_ids"),
    department: sql.placeholder("department_id"),
  };
  const run = preparedByShape<OrderReadShape, { read: RawOrderRead }>((shape) => {
    const [address, reader, department] = shape.split(", ") as SplitShape<OrderReadShape>;
    const addressAsked = address === "asked address";
    const scope: BoundProductScope = {
      customerId: p.scopeCustomer,
      hiddenCategoryIds: p.hidden,
      departmentId: department === "no department" ? null : p.department,
      isAdmin: reader === "admin",
    };
    const catalogue = parts.catalogue(scope, p.products);
    return sql`select json_build_object(
      'order_id', nextval('orders_id_seq'), 'now', now(),
      'address', ${jsonRow(addressQuery(p.user, addressAsked ? p.address : undefined))},
      'orderer', ${jsonRow(ordererQuery(p.user))},
      'products', ${jsonRows(catalogue.products)}, 'ranges', ${jsonRows(catalogue.ranges)},
      'cc', ${jsonRows(ccQuery(p.user))},
      'cost_centers', ${jsonRows(departmentCostCenters(p.user))},
      'allowance', ${parts.allowance(p.user)},
      'approval', ${parts.approval({ customerId: p.customer, userId: p.user })}
    ) as read`;
  });
  return async (db: Database, input: OrderReadInput) => {
    const [row] = await run(db, orderReadShape(input), {
      user_id: input.userId,
      customer_id: input.customerId,
      address_id: input.addressId,
      product_ids: JSON.stringify(input.productIds),
      scope_customer_id: input.scope.customerId,
      hidden_category_ids: JSON.stringify(input.scope.hiddenCategoryIds),
      department_id: input.scope.departmentId,
    });
    if (!row) throw new Error("the order's read returned no row");
    const { read } = row;
    return {
      ...read,
      now: new Date(read.now),
      cc: read.cc.map((r) => r.email),
      costCenterIds: read.cost_centers.map((c) => c.id),
    };
  };
}

/** What an order's read answers, as the driver gives it. */
interface RawOrderRead {
  order_id: number;
  now: string;
  address: OrderAddress | null;
  orderer:
    | (Pick<typeof users.$inferSelect, "department_id" | "representation"> & { cost_center_required: boolean })
    | null;
  products: OrderedProduct[];
  ranges: OrderPriceRange[];
  cc: { email: string }[];
  cost_centers: { id: number; name: string }[];
  allowance: unknown;
  approval: unknown;
}

/** The delivery address: the one asked for, else the user's first. */
const addressQuery = (userId: Placeholder, addressId: Placeholder | undefined) =>
  new QueryBuilder()
    .select({ id: addresses.id, company: addresses.company, title: addresses.title, ...postalColumns })
    .from(addresses)
    .where(
      and(
        eq(addresses.belong_to, "user"),
        eq(addresses.owner_id, userId),
        addressId === undefined ? undefined : eq(addresses.id, addressId),
      ),
    )
    .orderBy(asc(addresses.id))
    .limit(1);

/** The orderer's department, representation and whether the department requires a cost center. */
const ordererQuery = (userId: Placeholder) =>
  new QueryBuilder()
    .select({
      department_id: users.department_id,
      representation: users.representation,
      cost_center_required: sql<boolean>`coalesce(${departments.cost_center_required}, false)`.as(
        "cost_center_required",
      ),
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.department_id))
    .where(eq(users.id, userId));

/** The cc addresses of the orderer's department. */
const ccQuery = (userId: Placeholder) =>
  new QueryBuilder()
    .select({ email: department_cc_emails.email })
    .from(department_cc_emails)
    .where(
      eq(
        department_cc_emails.department_id,
        sql`(select ${users.department_id} from ${users} where ${users.id} = ${userId})`,
      ),
    );

/** The cost centers checkout offers the user, and whether the user's department requires one. */
export async function findCheckoutCostCenters(db: Database, userId: number) {
  const [list, required] = await Promise.all([
    runPrepared<{ id: number; name: string }>(db, departmentCostCenters(userId).getSQL()),
    db
      .select({ required: departments.cost_center_required })
      .from(users)
      .innerJoin(departments, eq(departments.id, users.department_id))
      .where(eq(users.id, userId)),
  ]);
  return { list, required: required[0]?.required ?? false };
}

/**
 * The active cost centers of the user's department (cost_center_departments), by name: the ones an
 * order of the user may name.
 */
function departmentCostCenters(userId: Bound<number>) {
  return new QueryBuilder()
    .select({ id: cost_centers.id, name: cost_centers.name })
    .from(cost_centers)
    .innerJoin(cost_center_departments, eq(cost_center_departments.cost_center_id, cost_centers.id))
    .where(
      and(
        eq(
          cost_center_departments.department_id,
          sql`(select ${users.department_id} from ${users} where ${users.id} = ${userId})`,
        ),
        eq(cost_centers.is_active, true),
        eq(cost_centers.is_deleted, false),
      ),
    )
    .orderBy(asc(cost_centers.name), asc(cost_centers.id));
}

/**
 * INSERT … SELECT of rows passed as one JSON value, when `when` holds. The columns are the first
 * row's keys (every row has the same); json_populate_recordset gives each value its column's type
 * and the columns left out take their defaults. One parameter however many rows, so the text of
 * the statement stays the same.
 */
function insertRows<T extends PgTable>(table: T, rows: T["$inferInsert"][], when: SQL): SQL {
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {}).filter((k) => (rows[0] as Record<string, unknown>)[k] !== undefined);
  const names = sql.join(
    keys.map((k) => sql.identifier((columns[k] as { name: string }).name)),
    sql`, `,
  );
  return sql`insert into ${table} (${names})
    select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(rows)}::json) where ${when}`;
}

/**
 * Writes a placed order in one statement, all or nothing: the stock of its tracked lines with their
 * ledger rows and low-stock alerts (inventory's stockCheckCtes and stockApplyCtes), the claim of its
 * Idempotency-Key, the order under the id readForOrder drew, its lines, its first status and the
 * confirmation in the outbox. Nothing is written when a line's stock is refused (`refused`, in
 * product-id order), nor when the key is taken already (`placed` false): a concurrent request
 * with the same key holds it until its own statement commits, and this one then finds it taken.
 * The products' rows are locked (in id order) before the rollup triggers lock their rows at the
 * end of the statement, as every other stock change does.
 */
export async function writePlacedOrder(
  db: Database,
  placed: {
    order: typeof orders.$inferInsert & { id: number };
    lines: (typeof order_products.$inferInsert)[];
    status: typeof order_status_history.$inferInsert;
    confirmation: OutgoingEmail;
    sales: StockChange[];
    /** The order's use of its allowance programmes (allowances.service orderUses, decision 039). */
    allowance: AllowanceUse[];
    key?: { userId: number; key: string; requestHash: string };
    operationsEmail: string;
    /** The cart's common table expressions that remove the ordered lines when `go` holds (cart.service). */
    clearCart: (go: SQL) => SQL;
    /** An order placed Pending Approval: its request (approvals' CTE, decision 040) and the approvers' emails. */
    approval?: { request: (go: SQL) => SQL; emails: OutgoingEmail[] };
  },
): Promise<{
  placed: boolean;
  refused: number[];
  allowanceRefused: { account_id: number; balance: number }[];
  allowanceChanged: boolean;
}> {
  const { order, lines, status, confirmation, sales, allowance, key, operationsEmail, clearCart, approval } = placed;
  const emails = [confirmation, ...(approval?.emails ?? [])].map((e) => ({ ...e, cc: e.cc ?? [] }));
  const ctes: SQL[] = [];
  const checks: SQL[] = [];
  if (sales.length) {
    ctes.push(stockCheckCtes(sales));
    checks.push(sql`not exists (select 1 from stock_refused)`);
  }
  // After the products: every writer locks products before allowance accounts (decision 039).
  if (allowance.length) {
    ctes.push(allowanceCheckCtes(allowance));
    checks.push(sql`not exists (select 1 from allowance_refused)`, sql`not ${allowanceChangedJson}`);
  }
  const free = checks.length ? sql.join(checks, sql` and `) : sql`true`;
  ctes.push(
    key
      ? sql`accepted as (${insertRows(
          idempotency_keys,
          [{ user_id: key.userId, key: key.key, request_hash: key.requestHash, order_id: order.id }],
          free,
        )} on conflict do nothing returning id)`
      : sql`accepted as (select 1 where ${free})`,
  );
  const go = sql`exists (select 1 from accepted)`;
  if (sales.length) ctes.push(stockApplyCtes(go, operationsEmail));
  if (allowance.length) ctes.push(allowanceApplyCtes(go));
  ctes.push(
    sql`placed_order as (${insertRows(orders, [order], go)})`,
    sql`placed_lines as (${insertRows(order_products, lines, go)})`,
    sql`placed_status as (${insertRows(order_status_history, [status], go)})`,
    sql`confirmation as (${insertRows(email_outbox, emails, go)})`,
    // The ordered products leave the user's server cart with the order (decision 021).
    clearCart(go),
  );
  if (approval) ctes.push(approval.request(go));
  const refused = sales.length
    ? sql`coalesce((select json_agg(product_id order by product_id) from stock_refused), '[]'::json)`
    : sql`'[]'::json`;
  const allowanceRefused = allowance.length ? allowanceRefusedJson : sql`'[]'::json`;
  const allowanceChanged = allowance.length ? allowanceChangedJson : sql`false`;
  const [row] = await runPrepared<{
    placed: boolean;
    refused: number[];
    allowance_refused: { account_id: number; balance: number }[];
    allowance_changed: boolean;
  }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)}
      select ${go} as placed, ${refused} as refused, ${allowanceRefused} as allowance_refused,
        ${allowanceChanged} as allowance_changed`,
  );
  return row
    ? {
        placed: row.placed,
        refused: row.refused,
        allowanceRefused: row.allowance_refused,
        allowanceChanged: row.allowance_changed,
      }
    : { placed: false, refused: [], allowanceRefused: [], allowanceChanged: false };
}
