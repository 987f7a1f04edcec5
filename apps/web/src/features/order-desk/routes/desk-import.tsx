import { Alert, Anchor, Badge, Button, Code, FileInput, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconFileTypeCsv,
  IconTruckDelivery,
} from "@tabler/icons-react";
import {
  carrierName,
  SHIPMENT_CSV_MAX_CHARS,
  SHIPMENT_CSV_MAX_ROWS,
  type ShipmentCsvResult,
} from "@vetportal/contract";
import { useState } from "react";
import { Link } from "react-router";
import { confirmAction } from "../../../components/confirm-action.tsx";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { formatUsDate } from "../../../lib/format.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useApplyShipmentCsv } from "../api/apply-shipment-csv.ts";
import { usePreviewShipmentCsv } from "../api/preview-shipment-csv.ts";

type Row = ShipmentCsvResult["rows"][number];

const ROW_COLUMNS: TableColumn<Row>[] = [
  { key: "line", label: "Line", cell: (row) => row.line },
  {
    key: "order",
    label: "Order #",
    cell: (row) =>
      row.order_id ? (
        <Anchor component={Link} to={`/admin/orders/${row.order_id}`}>
          {row.order_id}
        </Anchor>
      ) : (
        "—"
      ),
  },
  { key: "carrier", label: "Carrier", cell: (row) => (row.carrier ? carrierName(row.carrier) : "—") },
  { key: "tracking", label: "Tracking number", wrap: true, cell: (row) => row.tracking_number || "—" },
  { key: "date", label: "Ship date", cell: (row) => (row.shipped_on ? formatUsDate(row.shipped_on) : "—") },
  {
    key: "result",
    label: "Result",
    wrap: true,
    cell: (row) =>
      row.error ? (
        <Text size="sm" c="red.9">
          <IconAlertTriangle size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
          {row.error}
        </Text>
      ) : (
        <Text size="sm" c="teal.9">
          <IconCircleCheck size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
          Ships
        </Text>
      ),
  },
];

function RowsTable({ result, caption }: { result: ShipmentCsvResult; caption: string }) {
  return (
    <DataTable
      label={caption}
      caption={caption}
      showCaption
      columns={ROW_COLUMNS}
      rows={result.rows}
      rowKey={(row) => row.line}
      minWidth={720}
    />
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /admin/orders/import (issue 11): a carrier's CSV (order id, tracking number, carrier, ship date)
 * is checked first — every row with its reason when refused — then applied in one transaction.
 */
export function DeskImportRoute() {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const preview = usePreviewShipmentCsv();
  const apply = useApplyShipmentCsv();

  async function choose(next: File | null) {
    setFile(next);
    setCsv(null);
    setReadError(null);
    preview.reset();
    apply.reset();
    if (!next) return;
    if (next.size > SHIPMENT_CSV_MAX_CHARS) {
      setReadError(`This file is too large: send at most ${SHIPMENT_CSV_MAX_ROWS} rows (512 KB) at a time.`);
      return;
    }
    const text = await next.text();
    setCsv(text);
    preview.mutate(text);
  }

  function confirmApply() {
    if (!csv || !preview.data) return;
    const count = preview.data.shipped_orders.length;
    confirmAction({
      message: `Ship ${plural(count, "order", "orders")} from ${file?.name ?? "this file"}? Each practice is emailed its tracking.`,
      confirm: "Ship orders",
      keep: "Don't ship",
      onConfirm: () =>
        apply.mutate(csv, {
          onSuccess: (result) =>
            notifySuccess(`${plural(result.shipped_orders.length, "order", "orders")} shipped from the carrier file.`),
        }),
    });
  }

  const checked = preview.data;
  const applied = apply.data;

  return (
    <Stack gap="lg">
      <title>Upload carrier file · Order Desk · Vet Portal</title>
      <Anchor component={Link} to="/admin/orders" size="sm">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
        Order Desk
      </Anchor>
      <Stack gap={4}>
        <Title order={1}>Upload carrier file</Title>
        <Text c="dimmed">Ship many orders at once from your carrier's export. Nothing ships until you confirm.</Text>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text size="sm">
            A CSV file with a header row and one package per row. Several rows for one order are several packages.
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>
              <Code>order_id</Code> — the portal's order number
            </List.Item>
            <List.Item>
              <Code>tracking_number</Code>
            </List.Item>
            <List.Item>
              <Code>carrier</Code> — UPS, FedEx, USPS, DHL or Other
            </List.Item>
            <List.Item>
              <Code>ship_date</Code> — YYYY-MM-DD or MM/DD/YYYY
            </List.Item>
          </List>
          <FileInput
            label="Carrier file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            clearable
            clearButtonProps={{ "aria-label": "Remove the chosen file" }}
            value={file}
            onChange={(next) => void choose(next)}
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            error={readError}
            maw={420}
          />
        </Stack>
      </Paper>

      {preview.isPending && (
        <Text role="status" c="dimmed">
          Checking the file…
        </Text>
      )}

      {checked && !applied && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              Preview
            </Title>
            {checked.file_error ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle aria-hidden />}
                title="This file cannot be read"
              >
                {checked.file_error}
              </Alert>
            ) : (
              <>
                <Group gap="sm">
                  <Badge color="teal.9" variant="filled" size="lg" tt="none">
                    {plural(checked.shipped_orders.length, "order ships", "orders ship")}
                  </Badge>
                  <Badge color={checked.refused_rows ? "red.9" : "gray.7"} variant="filled" size="lg" tt="none">
                    {plural(checked.refused_rows, "row refused", "rows refused")}
                  </Badge>
                </Group>
                <RowsTable result={checked} caption="Rows of the file and what would happen to each" />
                <Group>
                  <Button
                    onClick={confirmApply}
                    loading={apply.isPending}
                    disabled={!checked.shipped_orders.length}
                    leftSection={<IconTruckDelivery size={16} aria-hidden />}
                  >
                    Ship {plural(checked.shipped_orders.length, "order", "orders")}
                  </Button>
                  <Button variant="default" onClick={() => void choose(null)}>
                    Choose another file
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      )}

      {applied && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              Result
            </Title>
            <Alert
              color={applied.refused_rows ? "orange" : "teal"}
              variant="light"
              icon={<IconCircleCheck aria-hidden />}
              title={`${plural(applied.shipped_orders.length, "order", "orders")} shipped`}
              role="status"
            >
              {applied.file_error ??
                (applied.refused_rows
                  ? `${plural(applied.refused_rows, "row was", "rows were")} refused; the table says why. Fix them and upload them again.`
                  : "Every row was applied.")}
            </Alert>
            {!applied.file_error && <RowsTable result={applied} caption="Rows of the file and what happened to each" />}
            <Group>
              <Button component={Link} to="/admin/orders?status=5">
                See shipped orders
              </Button>
              <Button variant="default" onClick={() => void choose(null)}>
                Upload another file
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
