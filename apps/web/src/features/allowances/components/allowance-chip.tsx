import { Link } from "react-router";
import { useMyAllowance } from "../../../lib/my-allowance.ts";
import classes from "./allowance-chip.module.css";
import { periodBalanceText } from "./balance-words.ts";

/**
 * The header chip (issue 23 §1): "Client education: 14 of 40 packs left this quarter" ("57 packs over this
 * quarter" below zero), the same words as /allowance, linking to /allowance. Nothing while loading or without a programme.
 */
export function AllowanceChip() {
  const allowance = useMyAllowance();
  const first = allowance.data?.balances[0];
  if (!first) return null;
  const low = first.allotted > 0 && first.left * 100 <= first.allotted * (100 - first.warning_percent);
  // A plain link rather than Mantine's Anchor: it is in the header of every signed-in page's first paint (decision 034).
  return (
    <Link
      to="/allowance"
      className={`${classes.chip} mantine-focus-auto`}
      data-tone={first.left < 0 ? "over" : low ? "low" : undefined}
      data-testid="allowance-chip"
    >
      {first.name}: {periodBalanceText(first)}
    </Link>
  );
}
