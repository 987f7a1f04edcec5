import { Alert, Button, FileInput, Group, Paper, Stack, Text } from "@mantine/core";
import { IconFileTypeCsv, IconShoppingCartPlus } from "@tabler/icons-react";
import {
  QUICK_ORDER_MAX_CHARS,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MESSAGES,
  type QuickOrderLine,
  type QuickOrderResult,
} from "@vetportal/contract";
import { useState } from "react";
import { Link } from "react-router";
import { GrowingTextarea } from "../../../components/growing-textarea.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useCart } from "../../../lib/cart-store.ts";
import { useAppForm } from "../../../lib/form-kit.ts";
import { setServerErrors } from "../../../lib/form-validation.ts";
import { notifyError } from "../../../lib/notify.ts";
import { useQuickOrder } from "../api/quick-order.ts";
import { acceptServerCart } from "../components/cart-sync.tsx";
import { AddedLines, RefusedLines, type RefusedRow, type RefusedValues } from "../components/quick-order-lines.tsx";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The text's own checks, before the server reads it (the server says the same). */
function checkText(text: string): string | null {
  if (!text.trim()) return QUICK_ORDER_MESSAGES.empty;
  if (text.length > QUICK_ORDER_MAX_CHARS) return QUICK_ORDER_MESSAGES.tooLong;
  return null;
}

/** Refused rows sent again: a header naming the columns, then one line a row (tabs inside a cell are spaces). */
const rowsText = (rows: RefusedRow[]) =>
  ["SKU\tQuantity", ...rows.map((r) => `${r.sku.replace(/\s+/g, " ")}\t${r.quantity.replace(/\s+/g, "")}`)].join("\n");

/** A refused line as a row to fix; `keyOf` names it by the line it first came from. */
const refusedRow = (line: QuickOrderLine, keyOf: (line: number) => string): RefusedRow => ({
  key: keyOf(line.line),
  sku: line.sku,
  quantity: line.quantity !== null ? String(line.quantity) : line.quantity_text,
  message: line.message,
  reason: line.reason,
});

function Summary({ result, cartCount }: { result: QuickOrderResult; cartCount: number }) {
  return (
    <Alert color={result.refused ? "blue" : "brand"} variant="light" role="status" title="Quick order checked">
      <Stack gap={4}>
        <Text size="sm">
          {plural(result.added, "line", "lines")} added to your cart
          {result.refused ? `, ${plural(result.refused, "line", "lines")} not added: see why below.` : "."}
          {result.header_skipped && " The first line was read as column names."}
        </Text>
        <Group>
          <Button component={Link} to="/cart/preview" variant="default" size="xs">
            View cart ({plural(cartCount, "product", "products")})
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Where the lines come from: typed or pasted text, or a CSV file read in the browser. */
function EntryForm({ onSend, pending }: { onSend: (text: string) => Promise<unknown>; pending: boolean }) {
  const form = useAppForm<{ text: string }>({
    initialValues: { text: "" },
    validate: { text: checkText },
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const send = (text: string) =>
    onSend(text).then(
      () => form.setValues({ text: "" }),
      (error: unknown) => {
        if (error instanceof ApiError && error.fields.text) setServerErrors(form, error);
        else notifyError(errorMessage(error));
      },
    );

  async function choose(next: File | null) {
    setFile(next);
    setFileError(null);
    if (!next) return;
    const text = next.size > QUICK_ORDER_MAX_CHARS * 4 ? "" : await next.text();
    const problem = next.size > QUICK_ORDER_MAX_CHARS * 4 ? QUICK_ORDER_MESSAGES.tooLong : checkText(text);
    if (problem) setFileError(problem);
    else await send(text);
    setFile(null);
  }

  return (
    <Paper withBorder radius="md" p="md">
      <form noValidate onSubmit={form.onSubmit(({ text }) => send(text))}>
        <Stack gap="md">
          <GrowingTextarea
            label="SKU and quantity, one product a line"
            description={`For example "VP-100-4048, 5". Paste straight from a spreadsheet: tabs, commas, semicolons or spaces between them, a header row and blank lines are fine. Up to ${QUICK_ORDER_MAX_LINES} lines.`}
            inputWrapperOrder={["label", "description", "input", "error"]}
            minRows={6}
            maxRows={16}
            spellCheck={false}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            {...form.getInputProps("text")}
          />
          <Group justify="space-between" align="flex-end" gap="md">
            <FileInput
              label="Or upload a CSV file"
              placeholder="Choose a .csv file"
              styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
              accept=".csv,.txt,text/csv,text/plain"
              leftSection={<IconFileTypeCsv size={16} aria-hidden />}
              value={file}
              onChange={choose}
              error={fileError}
              clearable
              miw={240}
            />
            <Button type="submit" loading={pending} leftSection={<IconShoppingCartPlus size={18} aria-hidden />}>
              Add to cart
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * /quick-order (issue 23 §3, decision 041): lines of SKU and quantity typed, pasted or uploaded; the
 * server checks each against the practice's catalogue and cart and adds the good ones at once. The
 * refused lines stay on the page with the reason, to be fixed in place and checked again.
 */
export function QuickOrderRoute() {
  const quick = useQuickOrder();
  const cart = useCart();
  const [added, setAdded] = useState<QuickOrderLine[]>([]);
  const [last, setLast] = useState<QuickOrderResult | null>(null);
  const refused = useAppForm<RefusedValues>({ initialValues: { rows: [] } });

  async function check(text: string, keyOf: (line: number) => string) {
    const result = await quick.mutateAsync(text);
    acceptServerCart(result.cart);
    setLast(result);
    setAdded((before) => [...result.lines.filter((l) => l.status === "added"), ...before]);
    refused.setValues({
      rows: result.lines.filter((l) => l.status === "refused").map((l) => refusedRow(l, keyOf)),
    });
  }

  function recheck({ rows }: RefusedValues) {
    check(rowsText(rows), (line) => rows[line - 2]?.key ?? String(line)).catch((error: unknown) =>
      notifyError(errorMessage(error)),
    );
  }

  return (
    <Stack gap="lg">
      <title>Quick Order · Vet Portal</title>
      <PageHeader
        title="Quick Order"
        description="Order many products at once by SKU. Good lines go straight into your cart; the others say why."
      />
      <EntryForm onSend={(text) => check(text, String)} pending={quick.isPending} />
      {last && <Summary result={last} cartCount={cart.length} />}
      {refused.values.rows.length > 0 && <RefusedLines form={refused} onRecheck={recheck} pending={quick.isPending} />}
      {added.length > 0 && <AddedLines lines={added} />}
    </Stack>
  );
}
