import type { AllowanceBalance, AllowanceOutcome } from "@vetportal/contract";
import type { AllowanceUse } from "../../db/sql/allowance-change.ts";
import type { AccountRow } from "./accounts.repository.ts";

/*
 * The allowance rules as pure functions over a practice's accounts (decision 039): which lines a
 * programme counts, what an order or a cart does to each balance, and the balance as shown.
 */

/** A line of a cart or an order as the allowances see it. */
export interface AllowanceLine {
  productId: number;
  categoryId: number;
  quantity: number;
  /** The line's price (cents): what a dollar programme counts. */
  amountCents: number;
}

/** What the line takes from the programme's balance: 0 when the programme does not count it. */
export function lineAmount(account: Pick<AccountRow, "scope" | "scope_ids" | "unit">, line: AllowanceLine): number {
  if (account.scope === "categories" && !account.scope_ids.includes(line.categoryId)) return 0;
  if (account.scope === "products" && !account.scope_ids.includes(line.productId)) return 0;
  return account.unit === "packs" ? line.quantity : line.amountCents;
}

/** The total a balance is "of": what is left plus what orders used. */
const totalOf = (a: Pick<AccountRow, "balance" | "used">) => a.balance + a.used;

/** The practice's balance in one programme, in the words every page uses. */
export function balanceOf(a: AccountRow): AllowanceBalance {
  return {
    programme_id: a.programme_id,
    name: a.name,
    unit: a.unit,
    period: a.period,
    period_start: a.period_start,
    allotted: totalOf(a),
    used: a.used,
    left: a.balance,
    warning_percent: a.warning_percent,
    over_balance: a.over_balance,
  };
}

/** What these lines do to each programme that counts one of them (the others are left out). */
export function outcomesOf(accounts: readonly AccountRow[], lines: readonly AllowanceLine[]): AllowanceOutcome[] {
  const outcomes: AllowanceOutcome[] = [];
  for (const a of accounts) {
    const amount = lines.reduce((n, l) => n + lineAmount(a, l), 0);
    if (amount <= 0) continue;
    const after = a.balance - amount;
    outcomes.push({
      programme_id: a.programme_id,
      name: a.name,
      unit: a.unit,
      allotted: totalOf(a),
      left_before: a.balance,
      left_after: after,
      over_by: after < 0 ? Math.min(amount, -after) : 0,
      over_balance: a.over_balance,
    });
  }
  return outcomes;
}

/**
 * The ledger rows of an order: one per line and programme that counts it, against the account of
 * the period. A "refuse" programme refuses the whole order in the write when its balance, locked,
 * is short. An "approval" programme's rows carry the account's `over_by` as the order's outcome
 * (read before the write) says: the write places the order only when the balance under the lock
 * gives the same, so an order is never placed Active (or Pending Approval) on a balance a
 * concurrent order changed since the read (decision 039). "allow" never refuses.
 */
export function orderUsesOf(
  accounts: readonly AccountRow[],
  lines: readonly AllowanceLine[],
  order: { orderId: number; userId: number },
  outcomes: readonly AllowanceOutcome[] = outcomesOf(accounts, lines),
): AllowanceUse[] {
  const uses: AllowanceUse[] = [];
  for (const a of accounts) {
    const outcome = outcomes.find((o) => o.programme_id === a.programme_id);
    for (const l of lines) {
      const amount = lineAmount(a, l);
      if (amount <= 0 || a.account_id === null) continue;
      uses.push({
        accountId: a.account_id,
        delta: -amount,
        refuse: a.over_balance === "refuse",
        overBy: a.over_balance === "approval" ? (outcome?.over_by ?? 0) : null,
        orderId: order.orderId,
        productId: l.productId,
        userId: order.userId,
      });
    }
  }
  return uses;
}

/**
 * What cancelling packs of an order's lines gives back, per account: for packs the packs, for
 * dollars the line's price per pack times the packs — never more than the line still holds.
 */
export function giveBacksOf(
  held: readonly { account_id: number; product_id: number; unit: "packs" | "dollars"; net: number }[],
  cancels: readonly { productId: number; quantity: number; unitPriceCents: number }[],
) {
  const back: { accountId: number; productId: number; delta: number }[] = [];
  for (const h of held) {
    const cancelled = cancels
      .filter((c) => c.productId === h.product_id)
      .reduce((n, c) => n + (h.unit === "packs" ? c.quantity : c.quantity * c.unitPriceCents), 0);
    const delta = Math.min(cancelled, h.net);
    if (delta > 0) back.push({ accountId: h.account_id, productId: h.product_id, delta });
  }
  return back;
}
