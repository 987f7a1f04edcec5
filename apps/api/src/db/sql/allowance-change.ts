import { type SQL, sql } from "drizzle-orm";
import { allowance_accounts, allowance_ledger, allowance_programmes, email_outbox, users } from "../schema/index.ts";

/*
 * An order's use of its allowances as one statement's common table expressions, carried by the
 * order placing statement (decision 018) so that the order and its ledger rows commit together or
 * not at all (decision 039). Like stock-change.ts: the account rows are locked in id order, their
 * balances as they stand after any wait decide, and the update meets the rows the lock holds.
 */

/** One order line's use of one programme's balance: the account of the period and the amount (negative). */
export interface AllowanceUse {
  accountId: number;
  /** Signed change: an order line's use is negative (packs, or cents for a dollar programme). */
  delta: number;
  /** The programme refuses an order over the balance. */
  refuse: boolean;
  /**
   * An "approval" programme: how far over the balance the order was read to go (0: within it),
   * which decided Active or Pending Approval; the write places nothing (`allowance_changed`) when
   * the balance under the lock gives another figure. null for "refuse" and "allow".
   */
  overBy: number | null;
  orderId: number;
  productId: number;
  userId: number;
}

/** The warning email, filled in by the statement that crossed the programme's warning level (format()). */
const WARNING_SUBJECT = "%s: %s%% of your allowance used";
const WARNING_TEXT = [
  "Your practice has used %s%% of its %s allowance for this period.",
  "%s.",
  "Order #%s took it over the warning level of %s%%.",
].join("\n");

/**
 * The check: `allowance_use` the uses (one per line and programme), `allowance_sum` per account,
 * `allowance_locked` the accounts' rows locked in id order as they stand after any wait, and
 * `allowance_refused` the accounts whose programme refuses the order and whose balance it would
 * take below zero (with what is left), or an account that is gone; `allowance_changed` the
 * "approval" accounts whose balance under the lock puts the order over it by another amount than
 * the order was read to be (so its Active or Pending Approval was decided on a balance a
 * concurrent order has changed since).
 */
export function allowanceCheckCtes(uses: AllowanceUse[]): SQL {
  const rows = uses.map((u) => ({
    account_id: u.accountId,
    delta: u.delta,
    refuse: u.refuse,
    over_by: u.overBy,
    order_id: u.orderId,
    product_id: u.productId,
    user_id: u.userId,
  }));
  return sql`allowance_use as (
    select * from json_to_recordset(${JSON.stringify(rows)}::json) as u(account_id integer, delta integer,
      refuse boolean, over_by integer, order_id integer, product_id integer, user_id integer)
  ),
  allowance_sum as (
    select account_id, sum(delta)::integer as delta, bool_or(refuse) as refuse, max(over_by) as over_by
    from allowance_use group by account_id
  ),
  allowance_locked as materialized (
    select ${allowance_accounts.id} as id, ${allowance_accounts.balance} as balance
    from ${allowance_accounts} where ${allowance_accounts.id} in (select account_id from allowance_use)
    order by ${allowance_accounts.id} for no key update
  ),
  allowance_refused as (
    select s.account_id, coalesce(l.balance, 0) as balance from allowance_sum s
    left join allowance_locked l on l.id = s.account_id
    where l.id is null or (s.refuse and l.balance + s.delta < 0)
  ),
  allowance_changed as (
    select s.account_id from allowance_sum s join allowance_locked l on l.id = s.account_id
    where s.over_by is not null
      and s.over_by <> case when l.balance + s.delta < 0 then least(-s.delta, -(l.balance + s.delta)) else 0 end
  )`;
}

/**
 * The write, when `when` holds: `allowance_applied` changes each balance (id, before, after),
 * `allowance_rows` writes a ledger row per use, and `allowance_warning` queues one email to the
 * practice for each account whose use this order took from below its programme's warning level to
 * or above it: once per crossing.
 */
export function allowanceApplyCtes(when: SQL): SQL {
  const a = allowance_accounts;
  return sql`allowance_applied as (
    update ${a} set balance = ${a.balance} + s.delta
    from allowance_sum s
    where ${a.id} = s.account_id and ${a.id} in (select id from allowance_locked) and ${when}
    returning ${a.id} as id, ${a.balance} - s.delta as before, ${a.balance} as after, ${a.allotted} as allotted,
      ${a.programme_id} as programme_id, ${a.user_id} as user_id
  ),
  allowance_rows as (
    insert into ${allowance_ledger} (account_id, kind, delta, order_id, product_id, user_id)
    select u.account_id, 'order', u.delta, u.order_id, u.product_id, u.user_id from allowance_use u
    where u.account_id in (select id from allowance_applied) order by u.account_id, u.product_id
  ),
  allowance_warning as (
    insert into ${email_outbox} (kind, "to", subject, text)
    select 'allowance_warning', array[${users.email}], format(${WARNING_SUBJECT}::text, p.name, p.warning_percent),
      format(${WARNING_TEXT}::text, ((x.allotted - x.after) * 100 / x.allotted), p.name,
        case when p.unit = 'packs' then x.after || ' of ' || x.allotted || ' packs left'
          else '$' || to_char(x.after / 100.0, 'FM999999990.00') || ' of $'
            || to_char(x.allotted / 100.0, 'FM999999990.00') || ' left' end,
        (select min(order_id) from allowance_use), p.warning_percent)
    from allowance_applied x
    join ${allowance_programmes} p on p.id = x.programme_id
    join ${users} on ${users.id} = x.user_id
    where p.warning_percent > 0 and x.allotted > 0 and ${users.email} is not null
      and (x.allotted - x.before) * 100 < p.warning_percent * x.allotted
      and (x.allotted - x.after) * 100 >= p.warning_percent * x.allotted
  )`;
}

/** Whether an "approval" account's balance changed the order's outcome since it was read (allowance_changed). */
export const allowanceChangedJson = sql`exists (select 1 from allowance_changed)`;

/** The refused accounts with what is left on each, as JSON: `[{ account_id, balance }]` in id order. */
export const allowanceRefusedJson = sql`coalesce((select json_agg(json_build_object('account_id', account_id,
  'balance', balance) order by account_id) from allowance_refused), '[]'::json)`;
