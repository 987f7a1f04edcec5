import { Badge, VisuallyHidden } from "@mantine/core";
import { useSession } from "../../../lib/session.ts";
import { asksAboutApprovals, useApprovalsWaiting } from "../api/approvals.ts";

/**
 * The approver's way in (issue 23): whether the header shows "Approvals" (administrators and users
 * with is_approver, signed in by password) and how many orders wait for them.
 */
export function useApprovalsLink(): { show: boolean; waiting: number } {
  const session = useSession();
  const asks = asksAboutApprovals(session?.privileges);
  const { data } = useApprovalsWaiting(asks);
  return { show: asks && data?.approver === true, waiting: data?.waiting ?? 0 };
}

/** The number waiting after the link's label ("Approvals 2 waiting" to a screen reader); nothing at 0. */
export function WaitingCount({ waiting, onDark = false }: { waiting: number; onDark?: boolean }) {
  if (waiting === 0) return null;
  return (
    <Badge size="sm" circle color={onDark ? "white" : "brand"} c={onDark ? "brand.9" : "white"} component="span">
      {waiting}
      <VisuallyHidden> waiting</VisuallyHidden>
    </Badge>
  );
}
