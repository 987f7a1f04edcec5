import { carrierName, formatUsDate, trackingUrl } from "@vetportal/contract";
import type { MailContent, MailedOrder } from "./templates.ts";

/*
 * The practice's emails of production and split shipments (issue 24 §4–§5, decision 045): pure
 * functions of what they say, queued through the outbox by the desk.
 */

/** Tells the practice that staff sent a personalised line's proof back: what to change, and where. */
export function proofChangesRequestedMail(
  order: Pick<MailedOrder, "id" | "contact_name">,
  line: { name: string; note: string },
  orderUrl: string,
): MailContent {
  return {
    subject: `Changes requested on your proof for order #${order.id}`,
    text: [
      `Hello ${order.contact_name},`,
      "",
      `Before we print ${line.name} on order #${order.id}, our print team asks for a change:`,
      "",
      line.note,
      "",
      "The line waits in Pending Proof Approval until you approve its proof again.",
      `Your order: ${orderUrl}`,
    ].join("\n"),
  };
}

/** One shipment of an order that ships in parts: its lines, its packages with tracking links, and what is still to come. */
export function shipmentMail(
  order: MailedOrder,
  shipment: {
    shippedOn: string;
    lines: readonly { name: string; quantity: number }[];
    packages: readonly { carrier: string; tracking_number: string }[];
    /** "2 of 3 lines shipped, 1 printing" after this shipment. */
    progress: string;
    complete: boolean;
  },
  orderUrl: string,
): MailContent {
  const { shippedOn, lines, packages, progress, complete } = shipment;
  return {
    subject: complete
      ? `Your Vet Portal order #${order.id} has shipped`
      : `Part of your Vet Portal order #${order.id} has shipped`,
    text: [
      `Hello ${order.contact_name},`,
      "",
      `A shipment of order #${order.id} left our warehouse on ${formatUsDate(shippedOn)}${packages.length > 1 ? ` in ${packages.length} packages` : ""}:`,
      ...lines.map((l) => `${l.quantity} × ${l.name}`),
      "",
      "Track it:",
      ...packages.map((p) => {
        const url = trackingUrl(p.carrier, p.tracking_number);
        return `${carrierName(p.carrier)} ${p.tracking_number}${url ? `: ${url}` : ""}`;
      }),
      "",
      complete
        ? "This is the last shipment of the order."
        : `So far: ${progress}. We will email you as the rest ships.`,
      `Ship to: ${order.ship_name}, ${order.ship_line1}, ${order.ship_city}, ${order.ship_state} ${order.ship_zip_code}`,
      `Your order: ${orderUrl}`,
    ].join("\n"),
  };
}
