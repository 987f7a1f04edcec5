import { APPROVAL_RULE_KINDS, type ApprovalAllowance, type ApprovalRuleKind } from "@vetportal/contract";

/*
 * The approval rules as pure functions (decision 040): which rules apply to an order, why each
 * matched, and who decides each tier. The quote and placing an order both come here, so the
 * practice is told before it orders exactly what placing it will do.
 */

/** A rule as the repository reads it. */
export interface RuleRow {
  id: number;
  name: string;
  kind: ApprovalRuleKind;
  department_id: number | null;
  amount_cents: number | null;
  product_id: number | null;
  category_id: number | null;
  quantity: number | null;
  tiers: number[][];
}

/** What an order is checked on: who orders it, its lines, its total and its allowance outcomes. */
export interface OrderFacts {
  departmentId: number | null;
  requiresApproval: boolean;
  selfRegistered: boolean;
  hasOrders: boolean;
  totalCents: number;
  lines: readonly { productId: number; categoryId: number | null; name: string; quantity: number }[];
  /** The allowances' outcomes (issue 23 §1); `[]` until the programmes are merged in. */
  allowance: readonly ApprovalAllowance[];
}

export interface ApprovalReason {
  rule_id: number;
  kind: ApprovalRuleKind;
  text: string;
}

/** The approval an order needs: why (each matched rule) and who decides each tier, in order. */
export interface ApprovalNeed {
  reasons: ApprovalReason[];
  approvers: number[][];
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const packs = (n: number) => `${n} ${n === 1 ? "pack" : "packs"}`;

/** What a rule checks, in words (the rules page). */
export function ruleSummary(rule: Pick<RuleRow, "kind" | "amount_cents" | "quantity">, target?: string | null) {
  switch (rule.kind) {
    case "order_total":
      return `Order total above ${money(rule.amount_cents ?? 0)}`;
    case "product_quantity":
      return `More than ${packs(rule.quantity ?? 0)} of ${target ?? "a product"}`;
    case "category_quantity":
      return `More than ${packs(rule.quantity ?? 0)} in ${target ?? "a category"}`;
    default:
      return APPROVAL_RULE_KINDS[rule.kind];
  }
}

/** Why one rule matches the order, or null when it does not. */
function matchOf(rule: RuleRow, facts: OrderFacts): string | null {
  switch (rule.kind) {
    case "over_allowance": {
      const over = facts.allowance.filter((a) => a.over_by > 0 && a.over_balance === "approval");
      if (!over.length) return null;
      return over.map((a) => `${a.name}: ${a.over_by} ${a.unit} over the allowance`).join("; ");
    }
    case "order_total":
      return facts.totalCents > (rule.amount_cents ?? 0)
        ? `Order total ${money(facts.totalCents)} is above ${money(rule.amount_cents ?? 0)}`
        : null;
    case "product_quantity": {
      const line = facts.lines.find((l) => l.productId === rule.product_id && l.quantity > (rule.quantity ?? 0));
      return line ? `${packs(line.quantity)} of ${line.name} is more than ${packs(rule.quantity ?? 0)}` : null;
    }
    case "category_quantity": {
      const inCategory = facts.lines.filter((l) => l.categoryId !== null && l.categoryId === rule.category_id);
      const total = inCategory.reduce((n, l) => n + l.quantity, 0);
      return total > (rule.quantity ?? 0)
        ? `${packs(total)} in one category (${inCategory.map((l) => l.name).join(", ")}) is more than ${packs(rule.quantity ?? 0)}`
        : null;
    }
    case "first_order":
      return facts.selfRegistered && !facts.hasOrders ? "First order of a newly self-registered practice" : null;
    case "flagged_user":
      return facts.requiresApproval ? "Every order of this practice needs approval" : null;
  }
}

/** Rules of the same kind and target: a department's own rule takes the place of the customer's. */
const targetOf = (r: RuleRow) => `${r.kind}:${r.product_id ?? ""}:${r.category_id ?? ""}`;

/**
 * The rules that apply to an orderer in a department (precedence, decision 040): the department's
 * own rules, and the customer-wide rules for which the department has no rule of the same kind and
 * target. Rules of other departments never apply.
 */
export function applicableRules(rules: readonly RuleRow[], departmentId: number | null): RuleRow[] {
  const own = rules.filter((r) => r.department_id !== null && r.department_id === departmentId);
  const replaced = new Set(own.map(targetOf));
  const wide = rules.filter((r) => r.department_id === null && !replaced.has(targetOf(r)));
  return [...own, ...wide];
}

/**
 * The approval an order needs, or null: every applicable rule that matches gives its reason; tier n
 * is decided by any approver named in tier n of a matched rule (the tiers of several rules merge).
 */
export function evaluateRules(rules: readonly RuleRow[], facts: OrderFacts): ApprovalNeed | null {
  const matched = applicableRules(rules, facts.departmentId)
    .map((rule) => ({ rule, text: matchOf(rule, facts) }))
    .filter((m): m is { rule: RuleRow; text: string } => m.text !== null);
  if (!matched.length) return null;
  const depth = Math.max(...matched.map((m) => m.rule.tiers.length));
  const approvers = Array.from({ length: depth }, (_, i) => [
    ...new Set(matched.flatMap((m) => m.rule.tiers[i] ?? [])),
  ]).filter((tier) => tier.length > 0);
  return {
    reasons: matched.map((m) => ({ rule_id: m.rule.id, kind: m.rule.kind, text: m.text })),
    approvers,
  };
}
