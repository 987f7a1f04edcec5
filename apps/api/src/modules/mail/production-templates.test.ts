import { describe, expect, it } from "vitest";
import { proofChangesRequestedMail, shipmentMail } from "./production-templates.ts";

const order = {
  id: 1042,
  contact_name: "Dana Reyes",
  ship_name: "Maple Vet Clinic",
  ship_line1: "12 Oak St",
  ship_city: "Portland",
  ship_state: "OR",
  ship_zip_code: "97201",
};

describe("proofChangesRequestedMail", () => {
  it("names the line, quotes the note and links the order", () => {
    const mail = proofChangesRequestedMail(
      order,
      { name: "Co-branded Brochure", note: "Use the new logo" },
      "https://portal.test/order/1042/2",
    );
    expect(mail.subject).toBe("Changes requested on your proof for order #1042");
    expect(mail.text.split("\n")).toEqual([
      "Hello Dana Reyes,",
      "",
      "Before we print Co-branded Brochure on order #1042, our print team asks for a change:",
      "",
      "Use the new logo",
      "",
      "The line waits in Pending Proof Approval until you approve its proof again.",
      "Your order: https://portal.test/order/1042/2",
    ]);
  });
});

describe("shipmentMail", () => {
  const shipment = {
    shippedOn: "2026-03-04",
    lines: [{ name: "Dental Brochure", quantity: 4 }],
    packages: [{ carrier: "UPS", tracking_number: "1Z999AA10123456784" }],
    progress: "1 of 2 lines shipped, 1 printing",
  };

  it("lists the shipment's lines, its tracking link and what is still to come", () => {
    const mail = shipmentMail(order, { ...shipment, complete: false }, "https://portal.test/order/1042/2");
    expect(mail.subject).toBe("Part of your Vet Portal order #1042 has shipped");
    expect(mail.text).toContain("A shipment of order #1042 left our warehouse on 03/04/2026:\n4 × Dental Brochure");
    expect(mail.text).toContain(
      "UPS 1Z999AA10123456784: https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784",
    );
    expect(mail.text).toContain("So far: 1 of 2 lines shipped, 1 printing. We will email you as the rest ships.");
  });

  it("says when it is the order's last shipment", () => {
    const mail = shipmentMail(order, { ...shipment, complete: true }, "https://portal.test/order/1042/2");
    expect(mail.subject).toBe("Your Vet Portal order #1042 has shipped");
    expect(mail.text).toContain("This is the last shipment of the order.");
    expect(mail.text).not.toContain("So far:");
  });
});
