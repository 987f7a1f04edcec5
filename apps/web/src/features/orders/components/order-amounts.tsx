import type { OrderDetail } from "@vetportal/contract";
import { AmountRows } from "../../../components/amount-rows.tsx";

/** The order's amounts, computed by the server (DESIGN §6), in dollars. */
export function OrderAmounts({ order }: { order: OrderDetail }) {
  return (
    <AmountRows
      rows={[
        ["Items", order.total_items_amount],
        ["Pick Fees", order.pick_fee_amount],
        ["Shipping", order.shipping_amount],
        ["Processing", order.processing_amount],
        ["Tax", order.tax_amount],
      ]}
      total={["Total", order.total_order_amount]}
    />
  );
}
