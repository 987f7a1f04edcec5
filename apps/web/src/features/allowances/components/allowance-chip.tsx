import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { useMyAllowance } from "../../../lib/my-allowance.ts";
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
  return (
    <Anchor
      component={Link}
      to="/allowance"
      size="sm"
      fw={600}
      underline="hover"
      c={first.left < 0 ? "red.9" : low ? "orange.9" : "brand.9"}
      bg={first.left < 0 ? "red.0" : low ? "orange.0" : "brand.0"}
      px="sm"
      py={4}
      style={{ borderRadius: "var(--mantine-radius-sm)", overflowWrap: "anywhere" }}
      data-testid="allowance-chip"
    >
      {first.name}: {periodBalanceText(first)}
    </Anchor>
  );
}
