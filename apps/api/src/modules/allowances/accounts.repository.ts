import { PORTAL_TIME_ZONE } from "@vetportal/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import type { Bound } from "../../db/prepared.ts";
import {
  allowance_accounts,
  allowance_department_defaults,
  allowance_ledger,
  allowance_programmes,
  products,
  users,
} from "../../db/schema/index.ts";

/*
 * A practice's allowance accounts: opened lazily for the period that holds the day (its allotment
 * the practice's own, else its department's default, else the programme's), the periods before it
 * closed (expiry or rollover), its balances, its ledger, and what a cancel gives back. Every
 * statement is idempotent and safe with any number of processes (decision 039).
 */

/** A statement's rows (both drivers answer `{ rows }`). */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The day in the portal's time zone, on the database's clock unless one is given. */
const dayOf = (day?: string): SQL => (day ? sql`${day}::date` : sql`(now() at time zone ${PORTAL_TIME_ZONE})::date`);
/** The first day of a programme's period holding `day` (programme row alias `p`). */
const startOf = (day: SQL): SQL => sql`date_trunc(p.period, (${day})::timestamp)::date`;

/**
 * Opens the practice's account of every active programme for the period holding the day, unless
 * open: the insert races safely (ON CONFLICT), and only the statement that inserted writes the
 * allotment's ledger row.
 */
export async function openAccounts(db: Executor, input: { customerId: number; userId: number; day?: string }) {
  const day = dayOf(input.day);
  await db.execute(sql`with cur as (
      select p.id, ${startOf(day)} as start, coalesce(d.allotted, p.default_allotted) as allotted
      from ${allowance_programmes} p
      join ${users} u on u.id = ${input.userId}
      left join ${allowance_department_defaults} d on d.programme_id = p.id and d.department_id = u.department_id
      where p.customer_id = ${input.customerId} and p.active
    ),
    opened as (
      insert into ${allowance_accounts} (programme_id, user_id, period_start, allotted, balance)
      select id, ${input.userId}, start, allotted, allotted from cur
      on conflict (programme_id, user_id, period_start) do nothing
      returning id, allotted
    )
    insert into ${allowance_ledger} (account_id, kind, delta) select id, 'allotment', allotted from opened where allotted <> 0`);
}

/**
 * Books the end of every period of the practice before the current one that is not booked yet: its
 * unused balance expires, or with rollover moves into the current period's account. The accounts
 * are locked (`closed` re-read after any wait), so two processes never book a period twice.
 */
export async function closePastPeriods(db: Executor, input: { userId: number; day?: string }) {
  const day = dayOf(input.day);
  await db.execute(sql`with old as materialized (
      select a.id, a.balance, p.rollover, cur.id as cur_id
      from ${allowance_accounts} a
      join ${allowance_programmes} p on p.id = a.programme_id
      left join ${allowance_accounts} cur on cur.programme_id = a.programme_id and cur.user_id = a.user_id
        and cur.period_start = ${startOf(day)}
      where a.user_id = ${input.userId} and not a.closed and a.period_start < ${startOf(day)}
      order by a.id for no key update of a
    ),
    closed as (
      update ${allowance_accounts} a set closed = true, balance = a.balance - greatest(o.balance, 0)
      from old o where a.id = o.id
      returning a.id, greatest(o.balance, 0) as left_over, o.rollover and o.cur_id is not null as rolls, o.cur_id
    ),
    out_rows as (
      insert into ${allowance_ledger} (account_id, kind, delta)
      select id, case when rolls then 'rollover' else 'expiry' end, -left_over from closed where left_over > 0
    ),
    carried as (select cur_id, sum(left_over)::integer as amount from closed where rolls and left_over > 0 group by cur_id),
    carry_in as (
      update ${allowance_accounts} a set balance = a.balance + c.amount from carried c where a.id = c.cur_id returning a.id
    )
    insert into ${allowance_ledger} (account_id, kind, delta) select cur_id, 'rollover', amount from carried`);
}

/**
 * The practice's accounts of the period holding the day, with their programmes and what was used.
 * A read only: a period not opened yet shows what opening it would give (its inherited allotment,
 * plus with rollover what is left of the periods before), with no account id.
 */
export async function currentAccounts(db: Executor, input: { customerId: number; userId: number; day?: string }) {
  return selectRows<AccountRow>(db, accountsQuery(input));
}

/** The query of currentAccounts (its rows). */
function accountsQuery(input: { customerId: Bound<number>; userId: Bound<number>; day?: string }): SQL {
  const day = dayOf(input.day);
  return sql`select a.id as account_id, p.id as programme_id, p.name, p.unit,
      p.period, to_char(${startOf(day)}, 'YYYY-MM-DD') as period_start, p.scope, p.scope_ids, p.over_balance,
      p.warning_percent,
      coalesce(a.balance, coalesce(d.allotted, p.default_allotted) + case when p.rollover then coalesce((
        select sum(greatest(o.balance, 0)) from ${allowance_accounts} o
        where o.programme_id = p.id and o.user_id = u.id and not o.closed and o.period_start < ${startOf(day)}), 0)
        else 0 end)::integer as balance,
      coalesce((select -sum(l.delta) from ${allowance_ledger} l
        where l.account_id = a.id and l.kind in ('order', 'cancel')), 0)::integer as used
    from ${allowance_programmes} p
    join ${users} u on u.id = ${input.userId}
    left join ${allowance_department_defaults} d on d.programme_id = p.id and d.department_id = u.department_id
    left join ${allowance_accounts} a on a.programme_id = p.id and a.user_id = u.id and a.period_start = ${startOf(day)}
    where p.customer_id = ${input.customerId} and p.active
    order by p.name, p.id`;
}

/**
 * What an order reads of the practice's allowances, as one JSON value for the order's own read
 * statement (decision 038): `accounts`, the rows of currentAccounts, and `unbooked`, whether a
 * period before the current one is still open (closePastPeriods would book it). An order opens
 * and books periods only when a row has no account or `unbooked` holds: when a period rolls.
 */
export function orderRead(input: { customerId: Bound<number>; userId: Bound<number> }): SQL {
  return sql`json_build_object(
    'accounts', (select coalesce(json_agg(t), '[]'::json) from (${accountsQuery(input)}) t),
    'unbooked', exists (select 1 from ${allowance_accounts} a join ${allowance_programmes} p on p.id = a.programme_id
      where a.user_id = ${input.userId} and not a.closed and a.period_start < ${startOf(dayOf())}))`;
}

/** What orderRead answers. */
export interface OrderRead {
  accounts: AccountRow[];
  unbooked: boolean;
}

export interface AccountRow {
  /** null: the period is not opened yet (a read shows what it would be). */
  account_id: number | null;
  programme_id: number;
  name: string;
  unit: "packs" | "dollars";
  period: "month" | "quarter" | "year";
  period_start: string;
  scope: "all" | "categories" | "products";
  scope_ids: number[];
  over_balance: "refuse" | "approval" | "allow";
  warning_percent: number;
  balance: number;
  used: number;
}

/** The practice's ledger, newest first (with the product a line's row is for). */
export async function listLedger(db: Executor, input: { customerId: number; userId: number; limit: number }) {
  return selectRows<{
    id: number;
    programme_id: number;
    period_start: string;
    kind: "allotment" | "order" | "cancel" | "adjustment" | "expiry" | "rollover";
    delta: number;
    order_id: number | null;
    product_name: string | null;
    reason: string | null;
    created: string;
  }>(
    db,
    sql`select l.id, a.programme_id, to_char(a.period_start, 'YYYY-MM-DD') as period_start, l.kind, l.delta,
      l.order_id, pr.name as product_name, l.reason, to_char(l.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created
    from ${allowance_ledger} l
    join ${allowance_accounts} a on a.id = l.account_id
    join ${allowance_programmes} p on p.id = a.programme_id
    left join ${products} pr on pr.id = l.product_id
    where a.user_id = ${input.userId} and p.customer_id = ${input.customerId}
    order by l.id desc limit ${input.limit}`,
  );
}

/** What an order's lines of these products used and have had given back, per account and product. */
export async function orderUses(db: Executor, orderId: number, productIds: number[]) {
  return selectRows<{ account_id: number; product_id: number; unit: "packs" | "dollars"; net: number }>(
    db,
    sql`select l.account_id, l.product_id, p.unit, (-sum(l.delta))::integer as net
      from ${allowance_ledger} l
      join ${allowance_accounts} a on a.id = l.account_id
      join ${allowance_programmes} p on p.id = a.programme_id
      where l.order_id = ${orderId} and l.kind in ('order', 'cancel')
        and l.product_id in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::integer)
      group by l.account_id, l.product_id, p.unit
      order by l.account_id, l.product_id`,
  );
}

/**
 * Credits accounts back (a cancel's give-back, an administrator's adjustment): the accounts locked
 * in id order, each balance changed and a ledger row written per change, in one statement.
 */
export async function creditAccounts(
  db: Executor,
  changes: {
    accountId: number;
    kind: "cancel" | "adjustment";
    delta: number;
    orderId?: number;
    productId?: number;
    userId: number;
    reason?: string;
  }[],
) {
  if (!changes.length) return;
  const rows = changes.map((c) => ({
    account_id: c.accountId,
    kind: c.kind,
    delta: c.delta,
    order_id: c.orderId ?? null,
    product_id: c.productId ?? null,
    user_id: c.userId,
    reason: c.reason ?? null,
  }));
  await db.execute(sql`with change as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as c(account_id integer, kind text,
        delta integer, order_id integer, product_id integer, user_id integer, reason text)
    ),
    locked as materialized (
      select id from ${allowance_accounts} where id in (select account_id from change) order by id for no key update
    ),
    total as (select account_id, sum(delta)::integer as delta from change group by account_id),
    applied as (
      update ${allowance_accounts} a set balance = a.balance + t.delta from total t
      where a.id = t.account_id and a.id in (select id from locked) returning a.id
    )
    insert into ${allowance_ledger} (account_id, kind, delta, order_id, product_id, user_id, reason)
    select account_id, kind, delta, order_id, product_id, user_id, reason from change
    where account_id in (select id from applied)`);
}
