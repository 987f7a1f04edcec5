import { type AllowanceBalance, allowanceAmount, balanceText, periodWord } from "@vetportal/contract";

/**
 * A practice's balance for its period, as the header chip and /allowance say it: "14 of 40 packs
 * left this quarter"; below zero (a programme that lets orders through over the balance, or after
 * approval) "57 packs over this quarter", never "-57 of 40 packs left".
 */
export function periodBalanceText(b: Pick<AllowanceBalance, "left" | "allotted" | "unit" | "period">): string {
  if (b.left < 0) return `${allowanceAmount(-b.left, b.unit)} over ${periodWord(b.period)}`;
  return `${balanceText(b.left, b.allotted, b.unit)} ${periodWord(b.period)}`;
}
