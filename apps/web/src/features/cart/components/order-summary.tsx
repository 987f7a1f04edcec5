import { Alert, Group, List, Skeleton, Stack, Text, VisuallyHidden } from "@mantine/core";
import type { AllowanceOutcome, Quote } from "@vetportal/contract";
import { ACCESSIBLE_ORANGE_TITLE, AllowanceOutcomes } from "../../../components/allowance-outcomes.tsx";
import { LoadError, type RetryableQuery } from "../../../components/page-state.tsx";
import { formatMoney } from "../../../lib/format.ts";
import { useCachedAllowance } from "../../../lib/my-allowance.ts";

/** The quote's query (TanStack): its last answer, and whether it is loading, failed or refreshing. */
interface QuoteQuery extends RetryableQuery {
  data: Quote | undefined;
  isPending: boolean;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group
      justify="space-between"
      gap="sm"
      wrap="nowrap"
      // The total's rule is a border: a definition list holds only its groups.
      style={strong ? { borderTop: "1px solid var(--mantine-color-gray-3)", paddingTop: 8, marginTop: 4 } : undefined}
    >
      <Text size={strong ? "md" : "sm"} fw={strong ? 700 : undefined} component="dt">
        {label}
      </Text>
      <Text size={strong ? "md" : "sm"} fw={strong ? 700 : undefined} component="dd" m={0} ta="right">
        {value}
      </Text>
    </Group>
  );
}

const AMOUNT_LABELS = ["Items", "Pick Fees", "Shipping", "Processing", "Tax"];

/**
 * The allowance box's room while the first quote loads: for each of the practice's programmes (as the
 * header chip read them) the box's line with the balance before the order, under a skeleton, so the
 * buttons below do not move when the quote brings the box (decision 034). A programme that does not
 * count any line of this cart gets no box, and its room goes again.
 */
function AllowancePlaceholder() {
  const balances = useCachedAllowance()?.balances ?? [];
  if (!balances.length) return null;
  const outcomes: AllowanceOutcome[] = balances.map((b) => ({
    programme_id: b.programme_id,
    name: b.name,
    unit: b.unit,
    allotted: b.allotted,
    left_before: b.left,
    left_after: b.left,
    over_by: 0,
    over_balance: b.over_balance,
  }));
  return (
    <Skeleton aria-hidden>
      <AllowanceOutcomes outcomes={outcomes} />
    </Skeleton>
  );
}

/**
 * The amounts while the first quote loads: the same rows with grey values, so the page does not
 * move when the figures arrive (decision 034).
 */
function SummaryPlaceholder() {
  return (
    <Stack gap={6}>
      <VisuallyHidden role="status">Calculating prices…</VisuallyHidden>
      <Stack gap={6} aria-hidden>
        {[...AMOUNT_LABELS, "Total"].map((label) => (
          <Group
            key={label}
            justify="space-between"
            gap="sm"
            wrap="nowrap"
            style={
              label === "Total"
                ? { borderTop: "1px solid var(--mantine-color-gray-3)", paddingTop: 8, marginTop: 4 }
                : undefined
            }
          >
            <Text size={label === "Total" ? "md" : "sm"} fw={label === "Total" ? 700 : undefined}>
              {label}
            </Text>
            <Skeleton w={64}>
              <Text size={label === "Total" ? "md" : "sm"}>&nbsp;</Text>
            </Skeleton>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          Payment: On Invoice.
        </Text>
        <AllowancePlaceholder />
      </Stack>
    </Stack>
  );
}

/**
 * The order's amounts as the server quotes them (POST /api/order/quote, the pricing of a placed
 * order): items, pick fees, shipping, processing, tax and the total the receipt will show.
 */
export function OrderSummary({ query }: { query: QuoteQuery }) {
  const quote = query.data;
  if (query.error && !quote) {
    return <LoadError title="Prices could not be loaded" query={query} />;
  }
  if (query.isPending || !quote) return <SummaryPlaceholder />;
  return (
    <Stack gap={6} aria-busy={query.isFetching}>
      <Stack component="dl" gap={6} m={0} aria-label="Order amounts">
        <Row label="Items" value={formatMoney(quote.total_items_amount)} />
        <Row label="Pick Fees" value={formatMoney(quote.pick_fee_amount)} />
        <Row
          label="Shipping"
          value={quote.shipping_amount === null ? "Choose a delivery method" : formatMoney(quote.shipping_amount)}
        />
        <Row label="Processing" value={formatMoney(quote.processing_amount)} />
        <Row label="Tax" value={formatMoney(quote.tax_amount)} />
        <Row label="Total" value={formatMoney(quote.total_order_amount)} strong />
      </Stack>
      <Text size="xs" c="dimmed">
        Payment: On Invoice.{quote.shipping_amount === null ? " The total does not include shipping yet." : ""}
      </Text>
      <AllowanceOutcomes outcomes={quote.allowance} />
      {quote.approval?.required && (
        <Alert
          color="orange"
          variant="light"
          title="This order will need approval"
          mt="xs"
          styles={ACCESSIBLE_ORANGE_TITLE}
        >
          <Text size="sm">It will be placed Pending Approval and ship once an approver approves it:</Text>
          <List size="sm">
            {quote.approval.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {query.isFetching && <VisuallyHidden role="status">Updating prices…</VisuallyHidden>}
    </Stack>
  );
}
