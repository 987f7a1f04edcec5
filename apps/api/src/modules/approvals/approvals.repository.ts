import { ORDER_STATUS, USER_LEVEL } from "@vetportal/contract";
import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import type { Bound } from "../../db/prepared.ts";
import {
  approval_decisions,
  approval_requests,
  approval_rules,
  departments,
  order_statuses,
  orders,
  product_categories,
  products,
  users,
} from "../../db/schema/index.ts";
import type { RuleRow } from "./rules.ts";

/*
 * The approvals module's tables (decision 040): its rules, the requests orders wait on and their
 * decisions. It reads beside them the order a request is for (status, total, orderer) and the
 * names of people, departments, products and categories it shows.
 */

type RuleValues = typeof approval_rules.$inferInsert;

const ruleColumns = {
  id: approval_rules.id,
  name: approval_rules.name,
  kind: approval_rules.kind,
  department_id: approval_rules.department_id,
  amount_cents: approval_rules.amount_cents,
  product_id: approval_rules.product_id,
  category_id: approval_rules.category_id,
  quantity: approval_rules.quantity,
  tiers: approval_rules.tiers,
};

/** Every rule of the customer, with the names the rules page shows. */
export function listRules(db: Executor, customerId: number) {
  return db
    .select({
      ...ruleColumns,
      is_active: approval_rules.is_active,
      department_name: departments.name,
      product_name: products.name,
      category_name: product_categories.name,
    })
    .from(approval_rules)
    .leftJoin(departments, eq(departments.id, approval_rules.department_id))
    .leftJoin(products, eq(products.id, approval_rules.product_id))
    .leftJoin(product_categories, eq(product_categories.id, approval_rules.category_id))
    .where(eq(approval_rules.customer_id, customerId))
    .orderBy(asc(approval_rules.id));
}

/**
 * What an order is checked on, as one JSON value (an order embeds it in its own read statement,
 * decision 038): the customer's active rules, the orderer's facts, and the people the rules name
 * who may decide (listApprovers' rows, in its order), whose emails the first tier's request goes to.
 */
export function orderRead(customerId: Bound<number>, userId: Bound<number>): SQL {
  const named = sql`(select (jsonb_array_elements(jsonb_array_elements(${approval_rules.tiers})))::integer
    from ${approval_rules} where ${approval_rules.customer_id} = ${customerId} and ${approval_rules.is_active})`;
  return sql`json_build_object(
    'rules', coalesce((select json_agg(r order by r.id) from (
      select ${approval_rules.id} as id, ${approval_rules.name} as name, ${approval_rules.kind} as kind,
        ${approval_rules.department_id} as department_id, ${approval_rules.amount_cents} as amount_cents,
        ${approval_rules.product_id} as product_id, ${approval_rules.category_id} as category_id,
        ${approval_rules.quantity} as quantity, ${approval_rules.tiers} as tiers
      from ${approval_rules}
      where ${approval_rules.customer_id} = ${customerId} and ${approval_rules.is_active}) r), '[]'::json),
    'facts', (select json_build_object(
      'department_id', ${users.department_id},
      'requires_approval', ${users.requires_approval},
      'self_registered', ${users.self_registered},
      'has_orders', exists (select 1 from ${orders} where ${orders.user_id} = ${users.id})
    ) from ${users} where ${users.id} = ${userId}),
    'approvers', coalesce((select json_agg(json_build_object('id', a.id, 'email', a.email)
        order by a.last_name, a.first_name, a.id) from ${users} a
      where a.customer_id = ${customerId} and not a.is_deleted and a.is_active
        and (a.is_approver or a.user_level_id = ${USER_LEVEL.ADMINISTRATOR}) and a.id in ${named}), '[]'::json))`;
}

/** What orderRead answers. */
export interface OrderRead {
  rules: RuleRow[];
  facts: {
    department_id: number | null;
    requires_approval: boolean;
    self_registered: boolean;
    has_orders: boolean;
  } | null;
  approvers: { id: number; email: string | null }[];
}

/** orderRead as a statement of its own (the checkout's quote). */
export async function readRulesAndFacts(db: Executor, customerId: number, userId: number): Promise<OrderRead> {
  const result = await db.execute(sql`select ${orderRead(customerId, userId)} as read`);
  return (
    (result as unknown as { rows: { read: OrderRead }[] }).rows[0]?.read ?? { rules: [], facts: null, approvers: [] }
  );
}

export async function insertRule(db: Executor, values: RuleValues) {
  const [row] = await db.insert(approval_rules).values(values).returning({ id: approval_rules.id });
  if (!row) throw new Error("rule not inserted");
  return row;
}

export async function updateRule(db: Executor, id: number, customerId: number, values: Partial<RuleValues>) {
  const rows = await db
    .update(approval_rules)
    .set(values)
    .where(and(eq(approval_rules.id, id), eq(approval_rules.customer_id, customerId)))
    .returning({ id: approval_rules.id });
  return rows[0];
}

/** A rule of the customer, its row locked until the transaction ends (the audit's "before"). */
export async function findRuleForUpdate(db: Executor, id: number, customerId: number) {
  const [row] = await db
    .select()
    .from(approval_rules)
    .where(and(eq(approval_rules.id, id), eq(approval_rules.customer_id, customerId)))
    .for("update");
  return row;
}

export async function deleteRule(db: Executor, id: number, customerId: number) {
  const rows = await db
    .delete(approval_rules)
    .where(and(eq(approval_rules.id, id), eq(approval_rules.customer_id, customerId)))
    .returning({ id: approval_rules.id });
  return rows[0];
}

/** People a rule may name: live users of the customer who are approvers or administrators. */
export function listApprovers(db: Executor, customerId: number, ids?: number[]) {
  return db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      representation: users.representation,
      email: users.email,
    })
    .from(users)
    .where(
      and(
        eq(users.customer_id, customerId),
        eq(users.is_deleted, false),
        eq(users.is_active, true),
        or(eq(users.is_approver, true), eq(users.user_level_id, USER_LEVEL.ADMINISTRATOR)),
        ids ? inArray(users.id, ids.length ? ids : [0]) : undefined,
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
}

/** Whether a user is named an approver (the queue is theirs to see). */
export async function isApprover(db: Executor, userId: number) {
  const [row] = await db.select({ is_approver: users.is_approver }).from(users).where(eq(users.id, userId));
  return row?.is_approver ?? false;
}

/** The request a placed order waits on, as common table expressions of the order's own statement (decision 018). */
export function requestInsertion(
  row: Pick<typeof approval_requests.$inferInsert, "order_id" | "customer_id" | "reasons" | "approvers" | "allowance">,
  go: SQL,
): SQL {
  return sql`approval_request as (insert into ${approval_requests} (order_id, customer_id, reasons, approvers, allowance)
    select r.order_id, r.customer_id, r.reasons, r.approvers, r.allowance
    from jsonb_to_record(${JSON.stringify(row)}::jsonb)
      as r(order_id integer, customer_id integer, reasons jsonb, approvers jsonb, allowance jsonb)
    where ${go})`;
}

const requestColumns = {
  id: approval_requests.id,
  order_id: approval_requests.order_id,
  customer_id: approval_requests.customer_id,
  reasons: approval_requests.reasons,
  approvers: approval_requests.approvers,
  allowance: approval_requests.allowance,
  tier: approval_requests.tier,
  status: approval_requests.status,
  created: approval_requests.created,
  tier_started: approval_requests.tier_started,
  reminded_at: approval_requests.reminded_at,
  order_status: orders.order_status_id,
  order_status_name: order_statuses.name,
  total_order_amount: orders.total_order_amount,
  orderer_id: orders.user_id,
  email: orders.email,
  contact_name: orders.contact_name,
  representation: users.representation,
  first_name: users.first_name,
  last_name: users.last_name,
};
export type RequestRow = Awaited<ReturnType<typeof findRequest>>;

const requestQuery = (db: Executor) =>
  db
    .select(requestColumns)
    .from(approval_requests)
    .innerJoin(orders, eq(orders.id, approval_requests.order_id))
    .innerJoin(order_statuses, eq(order_statuses.id, orders.order_status_id))
    .innerJoin(users, eq(users.id, orders.user_id));

/** Who may decide a pending request's tier now: the tier's approvers (an administrator: any). */
const namedIn = (userId: number) =>
  sql`${approval_requests.approvers} -> (${approval_requests.tier} - 1) @> to_jsonb(${userId}::int)`;

/**
 * The queue: requests waiting on an order still Pending Approval, oldest first; an approver's only
 * those whose current tier names them (`userId`), an administrator's all (`userId` null).
 */
export async function listQueue(
  db: Executor,
  customerId: number,
  userId: number | null,
  limit: number,
  offset: number,
) {
  const where = queueWhere(customerId, userId);
  const [rows, total] = await Promise.all([
    requestQuery(db)
      .where(where)
      .orderBy(asc(approval_requests.created), asc(approval_requests.id))
      .limit(limit)
      .offset(offset),
    countQueue(db, customerId, userId),
  ]);
  return { rows, total };
}

const queueWhere = (customerId: number, userId: number | null) =>
  and(
    eq(approval_requests.customer_id, customerId),
    eq(approval_requests.status, "pending"),
    eq(orders.order_status_id, ORDER_STATUS.PENDING_APPROVAL),
    userId === null ? undefined : namedIn(userId),
  );

/** How many requests the queue holds (an approver's, or with `userId` null an administrator's). */
export async function countQueue(db: Executor, customerId: number, userId: number | null) {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approval_requests)
    .innerJoin(orders, eq(orders.id, approval_requests.order_id))
    .where(queueWhere(customerId, userId));
  return count?.n ?? 0;
}

/** One request of the customer, by its id or its order's; with `lock`, held until the transaction ends. */
export async function findRequest(
  db: Executor,
  by: { id: number } | { orderId: number },
  customerId: number,
  lock = false,
) {
  const query = requestQuery(db)
    .where(
      and(
        "id" in by ? eq(approval_requests.id, by.id) : eq(approval_requests.order_id, by.orderId),
        eq(approval_requests.customer_id, customerId),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for("update", { of: approval_requests }) : await query;
  return row;
}

/** The decisions of some requests, with who made them, oldest first. */
export function listDecisions(db: Executor, requestIds: number[]) {
  if (!requestIds.length) return Promise.resolve([]);
  return db
    .select({
      request_id: approval_decisions.request_id,
      tier: approval_decisions.tier,
      decision: approval_decisions.decision,
      note: approval_decisions.note,
      created: approval_decisions.created,
      first_name: users.first_name,
      last_name: users.last_name,
      representation: users.representation,
      email: users.email,
    })
    .from(approval_decisions)
    .innerJoin(users, eq(users.id, approval_decisions.user_id))
    .where(inArray(approval_decisions.request_id, requestIds))
    .orderBy(asc(approval_decisions.tier), asc(approval_decisions.id));
}

/** A tier's decision; false when the tier was decided already (the unique index's last word). */
export async function insertDecision(
  tx: Executor,
  row: { request_id: number; tier: number; user_id: number; decision: "approve" | "reject" | "expire"; note: string },
) {
  const rows = await tx
    .insert(approval_decisions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: approval_decisions.id });
  return rows.length > 0;
}

/** The request moves to its next tier, or is closed with its outcome. */
export async function setRequestState(
  tx: Executor,
  id: number,
  state: { tier: number } | { status: "approved" | "rejected" | "expired" },
) {
  await tx
    .update(approval_requests)
    .set(
      "tier" in state
        ? { tier: state.tier, tier_started: sql`now()`, reminded_at: null }
        : { status: state.status, decided_at: sql`now()` },
    )
    .where(eq(approval_requests.id, id));
}

/**
 * Marks the pending requests whose tier has waited `days` without a reminder, and returns them: one
 * UPDATE, so of two processes running it at once each request is marked (and reminded) by one.
 */
export async function markReminders(tx: Executor, days: number, limit: number) {
  const due = tx
    .select({ id: approval_requests.id })
    .from(approval_requests)
    .innerJoin(orders, eq(orders.id, approval_requests.order_id))
    .where(
      and(
        eq(approval_requests.status, "pending"),
        eq(orders.order_status_id, ORDER_STATUS.PENDING_APPROVAL),
        isNull(approval_requests.reminded_at),
        sql`${approval_requests.tier_started} <= now() - make_interval(secs => ${days * 86_400})`,
      ),
    )
    .orderBy(asc(approval_requests.id))
    .limit(limit)
    .for("update", { of: approval_requests, skipLocked: true });
  return tx
    .update(approval_requests)
    .set({ reminded_at: sql`now()` })
    .where(and(inArray(approval_requests.id, due), isNull(approval_requests.reminded_at)))
    .returning({
      id: approval_requests.id,
      order_id: approval_requests.order_id,
      customer_id: approval_requests.customer_id,
      approvers: approval_requests.approvers,
      tier: approval_requests.tier,
    });
}

/**
 * Pending requests whose tier has waited `days` in all, whose approvers were reminded, and whose
 * order still waits for approval: due to expire. (An order the desk cancelled meanwhile leaves its
 * request pending; listed, such requests would fill every batch, oldest first, and no live request
 * would ever expire.) A request never expires unannounced: one overdue for both at once (after a
 * pause of the job) is reminded at one run and expires at a later one, whichever process runs
 * them; the settings keep the expiry days above the reminder days.
 */
export function listDueExpiries(db: Executor, days: number, limit: number) {
  return db
    .select({ id: approval_requests.id, customer_id: approval_requests.customer_id, tier: approval_requests.tier })
    .from(approval_requests)
    .innerJoin(orders, eq(orders.id, approval_requests.order_id))
    .where(
      and(
        eq(approval_requests.status, "pending"),
        eq(orders.order_status_id, ORDER_STATUS.PENDING_APPROVAL),
        isNotNull(approval_requests.reminded_at),
        sql`${approval_requests.tier_started} <= now() - make_interval(secs => ${days * 86_400})`,
      ),
    )
    .orderBy(asc(approval_requests.id))
    .limit(limit);
}

/** Whether a rule's department, product and category are the customer's. */
export async function findTargets(
  db: Executor,
  customerId: number,
  ids: { department_id: number | null; product_id?: number | null; category_id?: number | null },
) {
  const [row] = await db
    .select({
      department: sql<boolean>`exists (select 1 from ${departments} where ${departments.id} = ${ids.department_id ?? 0} and ${departments.customer_id} = ${customerId})`,
      product: sql<boolean>`exists (select 1 from ${products} where ${products.id} = ${ids.product_id ?? 0} and ${products.customer_id} = ${customerId})`,
      category: sql<boolean>`exists (select 1 from ${product_categories} where ${product_categories.id} = ${ids.category_id ?? 0} and ${product_categories.customer_id} = ${customerId})`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { department: false, product: false, category: false };
}
