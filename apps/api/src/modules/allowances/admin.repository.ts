import { ORDER_STATUS, type ProgrammeForm, USER_LEVEL } from "@vetportal/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  allowance_accounts,
  allowance_department_defaults,
  allowance_ledger,
  allowance_programmes,
  departments,
  orders,
  users,
} from "../../db/schema/index.ts";
import { selectRows } from "./accounts.repository.ts";

/*
 * What administrators change: programmes, department defaults, a practice's allocation for a
 * period, and the grid that shows them (decision 039). A change of an allotment is a ledger row
 * ("allotment", the difference) written with the balance under the account's lock.
 */

const programmeColumns = {
  id: allowance_programmes.id,
  name: allowance_programmes.name,
  period: allowance_programmes.period,
  unit: allowance_programmes.unit,
  scope: allowance_programmes.scope,
  scope_ids: allowance_programmes.scope_ids,
  over_balance: allowance_programmes.over_balance,
  rollover: allowance_programmes.rollover,
  warning_percent: allowance_programmes.warning_percent,
  default_allotted: allowance_programmes.default_allotted,
  active: allowance_programmes.active,
};
export type ProgrammeRow = ProgrammeForm & { id: number };

export async function listProgrammes(db: Executor, customerId: number) {
  return (await db
    .select(programmeColumns)
    .from(allowance_programmes)
    .where(eq(allowance_programmes.customer_id, customerId))
    .orderBy(asc(allowance_programmes.name), asc(allowance_programmes.id))) as ProgrammeRow[];
}

/** A programme of the customer; with `lock`, its row held until the transaction ends (an update's audit "before"). */
export async function findProgramme(db: Executor, customerId: number, id: number, lock = false) {
  const query = db
    .select(programmeColumns)
    .from(allowance_programmes)
    .where(and(eq(allowance_programmes.customer_id, customerId), eq(allowance_programmes.id, id)));
  // NO KEY UPDATE, as the update itself takes: accounts opening meanwhile (their key share) are not held up.
  const [row] = lock ? await query.for("no key update") : await query;
  return row as ProgrammeRow | undefined;
}

export async function insertProgramme(db: Executor, customerId: number, form: ProgrammeForm) {
  const [row] = await db
    .insert(allowance_programmes)
    .values({ ...form, customer_id: customerId })
    .returning({ id: allowance_programmes.id });
  return row as { id: number };
}

export async function updateProgramme(db: Executor, customerId: number, id: number, form: ProgrammeForm) {
  const rows = await db
    .update(allowance_programmes)
    .set(form)
    .where(and(eq(allowance_programmes.customer_id, customerId), eq(allowance_programmes.id, id)))
    .returning({ id: allowance_programmes.id });
  return rows.length > 0;
}

/** A practice of the customer (not an administrator, not deleted): whose allocations the grid sets. */
export async function findPractices(db: Executor, customerId: number, ids: number[]) {
  if (!ids.length) return [];
  return selectRows<{ id: number }>(
    db,
    sql`select id from ${users} where customer_id = ${customerId} and not is_deleted
      and user_level_id <> ${USER_LEVEL.ADMINISTRATOR}
      and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::integer)`,
  );
}

export async function findDepartment(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.customer_id, customerId), eq(departments.id, id), eq(departments.is_deleted, false)));
  return row;
}

/** The grid: every practice with its account of the period (or what it would be given when opened). */
export async function listGrid(db: Executor, input: { customerId: number; programmeId: number; start: string }) {
  const { customerId, programmeId, start } = input;
  const used = (extra: ReturnType<typeof sql>) => sql`coalesce((select -sum(l.delta) from ${allowance_ledger} l
    ${extra} where l.account_id = a.id and l.kind in ('order', 'cancel')), 0)::integer`;
  return selectRows<{
    user_id: number;
    practice: string;
    department: string | null;
    allotted: number;
    own: boolean;
    used: number;
    pending: number;
    left: number;
  }>(
    db,
    sql`select u.id as user_id,
      coalesce(nullif(trim(u.representation), ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''),
        u.email, '#' || u.id) as practice,
      d.name as department,
      coalesce(a.allotted, dd.allotted, p.default_allotted) as allotted,
      coalesce(a.own, false) as own,
      ${used(sql``)} as used,
      ${used(sql`join ${orders} o on o.id = l.order_id and o.order_status_id = ${ORDER_STATUS.PENDING_APPROVAL}`)} as pending,
      coalesce(a.balance, dd.allotted, p.default_allotted) as left
    from ${users} u
    join ${allowance_programmes} p on p.id = ${programmeId} and p.customer_id = ${customerId}
    left join ${departments} d on d.id = u.department_id
    left join ${allowance_department_defaults} dd on dd.programme_id = p.id and dd.department_id = u.department_id
    left join ${allowance_accounts} a on a.programme_id = p.id and a.user_id = u.id and a.period_start = ${start}::date
    where u.customer_id = ${customerId} and not u.is_deleted and u.user_level_id <> ${USER_LEVEL.ADMINISTRATOR}
    order by practice, u.id`,
  );
}

export async function listDepartmentDefaults(db: Executor, programmeId: number) {
  return db
    .select({
      department_id: allowance_department_defaults.department_id,
      department: departments.name,
      allotted: allowance_department_defaults.allotted,
    })
    .from(allowance_department_defaults)
    .innerJoin(departments, eq(departments.id, allowance_department_defaults.department_id))
    .where(eq(allowance_department_defaults.programme_id, programmeId))
    .orderBy(asc(departments.name));
}

export async function setDepartmentDefault(
  db: Executor,
  input: { programmeId: number; departmentId: number; allotted: number | null },
) {
  const t = allowance_department_defaults;
  if (input.allotted === null) {
    await db.delete(t).where(and(eq(t.programme_id, input.programmeId), eq(t.department_id, input.departmentId)));
    return;
  }
  await db
    .insert(t)
    .values({ programme_id: input.programmeId, department_id: input.departmentId, allotted: input.allotted })
    .onConflictDoUpdate({ target: [t.programme_id, t.department_id], set: { allotted: input.allotted } });
}

/**
 * Gives every open account of the programme that inherits its allotment (not its own) what it
 * inherits now (its department's default, else the programme's): the difference as an allotment
 * row, under each account's lock.
 */
export async function reallotInherited(db: Executor, input: { programmeId: number; byUserId: number }) {
  await db.execute(sql`with target as materialized (
      select a.id, a.allotted as old, coalesce(dd.allotted, p.default_allotted) as new
      from ${allowance_accounts} a
      join ${allowance_programmes} p on p.id = a.programme_id
      join ${users} u on u.id = a.user_id
      left join ${allowance_department_defaults} dd on dd.programme_id = p.id and dd.department_id = u.department_id
      where a.programme_id = ${input.programmeId} and not a.own and not a.closed
      order by a.id for no key update of a
    ),
    changed as (
      update ${allowance_accounts} a set allotted = t.new, balance = a.balance + t.new - t.old
      from target t where a.id = t.id and t.new <> t.old returning a.id, t.new - t.old as delta
    )
    insert into ${allowance_ledger} (account_id, kind, delta, user_id, reason)
    select id, 'allotment', delta, ${input.byUserId}, 'Default allocation changed' from changed`);
}

/**
 * Sets a practice's own allocation for a period: opens the account with it, or changes the open
 * one's allotment by the difference (locked). Answers the account as it was under the lock (null
 * when this statement opened it), or undefined when a concurrent statement opened the account
 * between the two (the caller runs it again).
 */
export async function setAllocation(
  db: Executor,
  input: { programmeId: number; userId: number; start: string; allotted: number; byUserId: number; reason: string },
) {
  const { programmeId, userId, start, allotted, byUserId, reason } = input;
  const [row] = await selectRows<{ done: boolean; allotted: number | null; own: boolean | null }>(
    db,
    sql`with cur as materialized (
      select id, allotted, own from ${allowance_accounts}
      where programme_id = ${programmeId} and user_id = ${userId} and period_start = ${start}::date
      for no key update
    ),
    opened as (
      insert into ${allowance_accounts} (programme_id, user_id, period_start, allotted, own, balance)
      select ${programmeId}, ${userId}, ${start}::date, ${allotted}, true, ${allotted} where not exists (select 1 from cur)
      on conflict do nothing returning id, allotted as delta
    ),
    changed as (
      update ${allowance_accounts} a set allotted = ${allotted}, own = true, balance = a.balance + ${allotted} - cur.allotted
      from cur where a.id = cur.id returning a.id, ${allotted} - cur.allotted as delta
    ),
    written as (
      insert into ${allowance_ledger} (account_id, kind, delta, user_id, reason)
      select id, 'allotment', delta, ${byUserId}, ${reason} from (select * from opened union all select * from changed) x
      where delta <> 0
    )
    select exists (select 1 from opened) or exists (select 1 from changed) as done,
      (select allotted from cur) as allotted, (select own from cur) as own`,
  );
  if (!row?.done) return undefined;
  return { before: row.allotted === null ? null : { allotted: row.allotted, own: row.own ?? false } };
}

/** The account of a practice's period (after openAccounts), for an adjustment. */
export async function findAccount(db: Executor, input: { programmeId: number; userId: number; start: string }) {
  const [row] = await db
    .select({ id: allowance_accounts.id })
    .from(allowance_accounts)
    .where(
      and(
        eq(allowance_accounts.programme_id, input.programmeId),
        eq(allowance_accounts.user_id, input.userId),
        eq(allowance_accounts.period_start, input.start),
      ),
    );
  return row;
}
