import { Badge } from "@mantine/core";
import { balanceText, periodWord } from "@vetportal/contract";
import { Link } from "react-router";
import { useMyAllowance } from "../api/allowance.ts";

/**
 * The header chip (issue 23 §1): "Client education: 14 of 40 packs left this quarter", the same
 * words as the cart and /allowance, linking to /allowance. Nothing while loading or without a programme.
 */
export function AllowanceChip() {
  const allowance = useMyAllowance();
  const first = allowance.data?.balances[0];
  if (!first) return null;
  const low = first.allotted > 0 && first.left * 100 <= first.allotted * (100 - first.warning_percent);
  return (
    <Badge
      component={Link}
      to="/allowance"
      variant="light"
      color={first.left < 0 ? "red" : low ? "orange" : "brand"}
      size="lg"
      radius="sm"
      tt="none"
      style={{ cursor: "pointer", height: "auto", whiteSpace: "normal", paddingBlock: 4 }}
      data-testid="allowance-chip"
    >
      {first.name}: {balanceText(first.left, first.allotted, first.unit)} {periodWord(first.period)}
    </Badge>
  );
}
