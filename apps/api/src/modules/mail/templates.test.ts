import { describe, expect, it } from "vitest";
import {
  ccOtherThan,
  type MailContent,
  orderCancelledMail,
  orderConfirmationMail,
  orderShippedMail,
  passwordLinkMail,
  supportRequestMail,
} from "./templates.ts";

/** The mail has this subject and these lines of text. */
function expectMail(mail: MailContent, subject: string, lines: string[]) {
  expect(mail.subject).toBe(subject);
  expect(mail.text).toBe(lines.join("\n"));
}

const order = {
  id: 1042,
  contact_name: "Dana Reyes",
  ship_name: "Maple Vet Clinic",
  ship_line1: "12 Oak St",
  ship_city: "Portland",
  ship_state: "OR",
  ship_zip_code: "97201",
};

const placed = {
  id: 1042,
  contactName: "Dana Reyes",
  placedAt: new Date("2026-03-02T17:05:00Z"),
  lines: [
    { quantity: 5, name: "Dental Brochure", totalCents: 12_345, deliveryDay: "2026-03-05" },
    { quantity: 1, name: "Kit", totalCents: 900, deliveryDay: "2026-03-06" },
  ],
  amounts: {
    total_items_amount: 13_245,
    pick_fee_amount: 300,
    shipping_amount: 1_000,
    processing_amount: 150,
    tax_amount: 960,
    total_order_amount: 15_655,
  },
  address: { company: "Maple Vet Clinic", line1: "12 Oak St", city: "Portland", state: "OR", zip_code: "97201" },
  deliveryMethod: "UPS Ground",
  shippingInstruction: "Back door",
};

describe("orderConfirmationMail", () => {
  it("lists the lines, the amounts, the ship-to and the delivery method", () => {
    const mail = orderConfirmationMail(placed);
    expectMail(mail, "Your Vet Portal order #1042 has been submitted", [
      "Thank you, Dana Reyes. We received order #1042 on 03/02/2026 9:05 AM PST.",
      "",
      "5 x Dental Brochure — $123.45 (est. delivery 2026-03-05)",
      "1 x Kit — $9.00 (est. delivery 2026-03-06)",
      "",
      "Items $132.45 · Pick fees $3.00 · Shipping $10.00 · Processing $1.50 · Tax $9.60",
      "Total $156.55 (On Invoice)",
      "",
      "Deliver to: Maple Vet Clinic, 12 Oak St, Portland, OR 97201",
      "Delivery method: UPS Ground",
      "Note: Back door",
    ]);
  });

  it("names the PO number and the cost center chosen at checkout", () => {
    const mail = orderConfirmationMail({ ...placed, poNumber: "PO-9", costCenter: "CC-200 Field Sales" });
    expect(mail.text.split("\n").slice(-4)).toEqual([
      "Delivery method: UPS Ground",
      "PO number: PO-9",
      "Cost center: CC-200 Field Sales",
      "Note: Back door",
    ]);
  });

  it("ends with an empty line when there is no note, and an address without a company", () => {
    const mail = orderConfirmationMail({
      ...placed,
      address: { ...placed.address, company: null },
      shippingInstruction: null,
    });
    expect(mail.text.split("\n").slice(-3)).toEqual([
      "Deliver to: , 12 Oak St, Portland, OR 97201",
      "Delivery method: UPS Ground",
      "",
    ]);
  });
});

describe("orderShippedMail", () => {
  it("names the day, each package with its tracking link, the ship-to and the order's page", () => {
    const mail = orderShippedMail(
      order,
      "2026-03-04",
      [
        { carrier: "UPS", tracking_number: "1Z999AA10123456784" },
        { carrier: "OTHER", tracking_number: "ABC123" },
      ],
      "https://portal.test/order/1042/2",
    );
    expect(mail.subject).toBe("Your Vet Portal order #1042 has shipped");
    const lines = mail.text.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "Hello Dana Reyes,",
      "",
      "Order #1042 left our warehouse on 03/04/2026 in 2 packages.",
      "",
      "Track it:",
    ]);
    expect(lines.slice(5, 7)).toEqual([
      "UPS 1Z999AA10123456784: https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784",
      "Other carrier ABC123",
    ]);
    expect(lines.slice(-3)).toEqual([
      "",
      "Deliver to: Maple Vet Clinic, 12 Oak St, Portland, OR 97201",
      "Your order: https://portal.test/order/1042/2",
    ]);
  });

  it("says nothing of packages when there is one", () => {
    const mail = orderShippedMail(order, "2026-03-04", [{ carrier: "UPS", tracking_number: "1Z1" }], "u");
    expect(mail.text).toContain("Order #1042 left our warehouse on 03/04/2026.\n");
  });
});

describe("orderCancelledMail", () => {
  it("tells a whole cancel: nothing invoiced, the reason, no new total", () => {
    const mail = orderCancelledMail(
      order,
      { isCancelled: true, lines: [{ quantity: 2, name: "Kit" }], note: "Duplicate order", totalCents: 0 },
      "https://portal.test/order/1042/2",
    );
    expectMail(mail, "Your Vet Portal order #1042 has been cancelled", [
      "Hello Dana Reyes,",
      "",
      "We have cancelled order #1042. Nothing will be invoiced for it.",
      "",
      "Cancelled:",
      "2 x Kit",
      "",
      "Reason: Duplicate order",
      "",
      "Your order: https://portal.test/order/1042/2",
      "Questions? Reply to this email or use Customer Service in the portal.",
    ]);
  });

  it("tells a partial cancel with the new total and no reason line without a note", () => {
    const mail = orderCancelledMail(
      order,
      { isCancelled: false, lines: [{ quantity: 1, name: "Kit" }], note: null, totalCents: 4_250 },
      "u",
    );
    expect(mail.subject).toBe("Part of your Vet Portal order #1042 has been cancelled");
    expect(mail.text.split("\n").slice(2, 9)).toEqual([
      "We have cancelled part of order #1042; the rest will ship as planned.",
      "",
      "Cancelled:",
      "1 x Kit",
      "",
      "New order total: $42.50 (On Invoice)",
      "",
    ]);
  });
});

describe("supportRequestMail", () => {
  it("gives the support team the request, who sent it and the area", () => {
    const mail = supportRequestMail(31, 5, {
      support_category: "Orders",
      full_name: "Dana Reyes",
      email: "dana@clinic.test",
      phone: "503-555-0100",
      description: "Where is my order?",
    });
    expect(mail).toEqual({
      subject: "Customer Service: Orders (#31)",
      text: [
        "Support request #31",
        "From: Dana Reyes <dana@clinic.test>, 503-555-0100",
        "User id: 5",
        "Area: Orders",
        "",
        "Where is my order?",
      ].join("\n"),
    });
  });
});

describe("passwordLinkMail", () => {
  it("greets staff by first name and gives the link and its lifetime", () => {
    const mail = passwordLinkMail("Dana", "https://portal.test/set-password#token=abc", 48, true);
    expectMail(mail, "Set your Vet Portal password", [
      "Hello Dana,",
      "",
      "An administrator gave you a staff account on the Vet Portal. Choose your password here:",
      "https://portal.test/set-password#token=abc",
      "",
      "The link works once and expires in 48 hours. Then sign in with your email and password.",
      "If you did not expect this email, ignore it.",
    ]);
  });

  it("does not tell a practice (User or Manager) it got a staff account", () => {
    const mail = passwordLinkMail("Dana", "https://portal.test/set-password#token=abc", 24, false);
    expectMail(mail, "Set your Vet Portal password", [
      "Hello Dana,",
      "",
      "An administrator invited you to choose a password for your practice's Vet Portal account. Choose it here:",
      "https://portal.test/set-password#token=abc",
      "",
      "The link works once and expires in 24 hours. Then sign in with your email and password.",
      "If you did not expect this email, ignore it.",
    ]);
    expect(mail.text).not.toContain("staff");
  });

  it("greets without a name when there is none", () => {
    expect(passwordLinkMail(null, "l", 1, true).text.startsWith("Hello,\n")).toBe(true);
  });
});

describe("ccOtherThan", () => {
  it("leaves out the address the email goes to, in any case", () => {
    expect(ccOtherThan(["A@x.test", "b@x.test"], "a@X.test")).toEqual(["b@x.test"]);
  });
});
