import { describe, expect, it } from "vitest";
import { canChangeStatus, deskActions } from "./fulfilment.ts";
import { ORDER_STATUS } from "./orders.ts";

describe("the desk's transition table and Pending Approval (decision 040)", () => {
  it("lets the desk only cancel an order waiting for approval", () => {
    expect(deskActions(ORDER_STATUS.PENDING_APPROVAL)).toMatchObject({
      statuses: [],
      can_ship: false,
      can_cancel: true,
    });
    expect(canChangeStatus(ORDER_STATUS.PENDING_APPROVAL, ORDER_STATUS.ACTIVE)).toBe(false);
  });

  it("never moves another order into Pending Approval", () => {
    expect(canChangeStatus(ORDER_STATUS.ACTIVE, ORDER_STATUS.PENDING_APPROVAL)).toBe(false);
    expect(deskActions(ORDER_STATUS.ACTIVE).statuses).not.toContain(ORDER_STATUS.PENDING_APPROVAL);
    expect(canChangeStatus(ORDER_STATUS.ACTIVE, ORDER_STATUS.ON_HOLD)).toBe(true);
  });
});
