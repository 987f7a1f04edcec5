import { carrierName, formatPst, formatUsDate, type OrderAmounts, trackingUrl } from "@vetportal/contract";

/**
 * Every email the portal writes, as pure functions: the data in, the subject and text out. The
 * caller adds who it goes to and queues it (mail.service queueEmail). The low-stock alert is the one
 * exception: it is written in SQL inside the stock change (db/sql/stock-change.ts, decision 018).
 */
export interface MailContent {
  subject: string;
  text: string;
}

/** Money in an email: "$1234.50". */
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The ship-to line of an order email. */
const deliverTo = (name: string | null, a: { line1: string; city: string; state: string; zip_code: string }) =>
  `Deliver to: ${name ?? ""}, ${a.line1}, ${a.city}, ${a.state} ${a.zip_code}`;

/** The copies of an order email for a department's cc list, without the address it goes to already. */
export const ccOtherThan = (cc: readonly string[], to: string) =>
  cc.filter((e) => e.toLowerCase() !== to.toLowerCase());

/** The confirmation of a placed order (DESIGN §6): its lines, amounts, ship-to and delivery method. */
export function orderConfirmationMail(order: {
  id: number;
  contactName: string;
  placedAt: Date;
  lines: readonly { quantity: number; name: string; totalCents: number; deliveryDay: string }[];
  amounts: OrderAmounts;
  address: { company: string | null; line1: string; city: string; state: string; zip_code: string };
  deliveryMethod: string;
  shippingInstruction?: string | null;
  poNumber?: string | null;
  /** The cost center chosen at checkout (issue 22 §6). */
  costCenter?: string | null;
}): MailContent {
  const { amounts } = order;
  return {
    subject: `Your Vet Portal order #${order.id} has been submitted`,
    text: [
      `Thank you, ${order.contactName}. We received order #${order.id} on ${formatPst(order.placedAt)}.`,
      "",
      ...order.lines.map((l) => `${l.quantity} x ${l.name} — ${money(l.totalCents)} (est. delivery ${l.deliveryDay})`),
      "",
      `Items ${money(amounts.total_items_amount)} · Pick fees ${money(amounts.pick_fee_amount)} · Shipping ${money(amounts.shipping_amount)} · Processing ${money(amounts.processing_amount)} · Tax ${money(amounts.tax_amount)}`,
      `Total ${money(amounts.total_order_amount)} (On Invoice)`,
      "",
      deliverTo(order.address.company, order.address),
      `Delivery method: ${order.deliveryMethod}`,
      ...(order.poNumber ? [`PO number: ${order.poNumber}`] : []),
      ...(order.costCenter ? [`Cost center: ${order.costCenter}`] : []),
      order.shippingInstruction ? `Note: ${order.shippingInstruction}` : "",
    ].join("\n"),
  };
}

/** An order as the order desk's emails name it and link to it. */
export interface MailedOrder {
  id: number;
  contact_name: string;
  ship_name: string;
  ship_line1: string;
  ship_city: string;
  ship_state: string;
  ship_zip_code: string;
}

/** Tells the practice its order left the warehouse, with a tracking link per package (issue 11). */
export function orderShippedMail(
  order: MailedOrder,
  shippedOn: string,
  packages: readonly { carrier: string; tracking_number: string }[],
  orderUrl: string,
): MailContent {
  return {
    subject: `Your Vet Portal order #${order.id} has shipped`,
    text: [
      `Hello ${order.contact_name},`,
      "",
      `Order #${order.id} left our warehouse on ${formatUsDate(shippedOn)}${packages.length > 1 ? ` in ${packages.length} packages` : ""}.`,
      "",
      "Track it:",
      ...packages.map((p) => {
        const url = trackingUrl(p.carrier, p.tracking_number);
        return `${carrierName(p.carrier)} ${p.tracking_number}${url ? `: ${url}` : ""}`;
      }),
      "",
      deliverTo(order.ship_name, {
        line1: order.ship_line1,
        city: order.ship_city,
        state: order.ship_state,
        zip_code: order.ship_zip_code,
      }),
      `Your order: ${orderUrl}`,
    ].join("\n"),
  };
}

/** Tells the practice that staff cancelled its order or some of its packs (issue 11). */
export function orderCancelledMail(
  order: Pick<MailedOrder, "id" | "contact_name">,
  cancel: {
    isCancelled: boolean;
    lines: readonly { quantity: number; name: string }[];
    note?: string | null;
    totalCents: number;
  },
  orderUrl: string,
): MailContent {
  return {
    subject: cancel.isCancelled
      ? `Your Vet Portal order #${order.id} has been cancelled`
      : `Part of your Vet Portal order #${order.id} has been cancelled`,
    text: [
      `Hello ${order.contact_name},`,
      "",
      cancel.isCancelled
        ? `We have cancelled order #${order.id}. Nothing will be invoiced for it.`
        : `We have cancelled part of order #${order.id}; the rest will ship as planned.`,
      "",
      "Cancelled:",
      ...cancel.lines.map((l) => `${l.quantity} x ${l.name}`),
      ...(cancel.note ? ["", `Reason: ${cancel.note}`] : []),
      ...(cancel.isCancelled ? [] : ["", `New order total: ${money(cancel.totalCents)} (On Invoice)`]),
      "",
      `Your order: ${orderUrl}`,
      "Questions? Reply to this email or use Customer Service in the portal.",
    ].join("\n"),
  };
}

/** A Customer Service request, for the support team. */
export function supportRequestMail(
  id: number,
  userId: number,
  request: { support_category: string; full_name: string; email: string; phone: string; description: string },
): MailContent {
  return {
    subject: `Customer Service: ${request.support_category} (#${id})`,
    text: [
      `Support request #${id}`,
      `From: ${request.full_name} <${request.email}>, ${request.phone}`,
      `User id: ${userId}`,
      `Area: ${request.support_category}`,
      "",
      request.description,
    ].join("\n"),
  };
}

/**
 * The one-time link with which a user chooses a password (docs/decisions/012): a new staff user,
 * or a practice (User or Manager) an administrator sent a link to, which is not told it is staff.
 */
export function passwordLinkMail(firstName: string | null, link: string, hours: number, isStaff: boolean): MailContent {
  return {
    subject: "Set your Vet Portal password",
    text: [
      `Hello${firstName ? ` ${firstName}` : ""},`,
      "",
      isStaff
        ? "An administrator gave you a staff account on the Vet Portal. Choose your password here:"
        : "An administrator invited you to choose a password for your practice's Vet Portal account. Choose it here:",
      link,
      "",
      `The link works once and expires in ${hours} hours. Then sign in with your email and password.`,
      "If you did not expect this email, ignore it.",
    ].join("\n"),
  };
}

/** An order waiting for an approver's decision (issue 23 §2): why, and the link that opens the decision. */
export function approvalRequestMail(
  order: { id: number; practice: string; totalCents: number },
  reasons: readonly string[],
  link: string,
  reminder = false,
): MailContent {
  return {
    subject: `${reminder ? "Reminder: " : ""}Vet Portal order #${order.id} is waiting for your approval`,
    text: [
      reminder
        ? `Order #${order.id} from ${order.practice} is still waiting for your decision.`
        : `Order #${order.id} from ${order.practice} needs your approval before it can ship.`,
      "",
      `Order total: ${money(order.totalCents)}`,
      "Why it needs approval:",
      ...reasons.map((r) => `- ${r}`),
      "",
      `Approve or reject it (you will be asked to confirm): ${link}`,
    ].join("\n"),
  };
}

/** The approvers' decision, for the practice: approved (the order goes ahead) or not, with the note word for word. */
export function approvalDecisionMail(
  order: { id: number; contact_name: string },
  decision: { outcome: "approved" | "rejected" | "expired"; note: string },
  orderUrl: string,
): MailContent {
  const { outcome, note } = decision;
  const heading = {
    approved: `Your order #${order.id} has been approved and will be processed as usual.`,
    rejected: `Your order #${order.id} was not approved and has been cancelled. Nothing will be invoiced for it.`,
    expired: `Your order #${order.id} was not decided in time and has been cancelled. Nothing will be invoiced for it.`,
  }[outcome];
  return {
    subject:
      outcome === "approved"
        ? `Your Vet Portal order #${order.id} has been approved`
        : `Your Vet Portal order #${order.id} has been cancelled`,
    text: [
      `Hello ${order.contact_name},`,
      "",
      heading,
      ...(note ? ["", `${outcome === "approved" ? "Note" : "Reason"}: ${note}`] : []),
      "",
      `Your order: ${orderUrl}`,
    ].join("\n"),
  };
}
