import { screen, waitFor, within } from "@testing-library/react";
import {
  ApprovalRuleListSchema,
  ApproverListSchema,
  DepartmentRowSchema,
  IdResultSchema,
  MESSAGES,
} from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { apiError, apiList, apiOk } from "../../../test/handlers.ts";
import { fill, renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { ApprovalRulesRoute } from "./approval-rules.tsx";

type Rule = z.input<typeof ApprovalRuleListSchema>[number];

const TOTAL_RULE: Rule = {
  id: 4,
  name: "Large orders",
  kind: "order_total",
  department_id: null,
  department_name: null,
  amount_cents: 50_000,
  product_id: null,
  category_id: null,
  quantity: null,
  tiers: [[7], [1, 7]],
  is_active: true,
  summary: "Order total above $500.00",
};

/** The rules page with its reads answered; `rules` is what the list answers (read again after a save). */
function openRules(rules: Rule[] = [TOTAL_RULE]) {
  signIn({ admin: true });
  const list = apiOk("/api/approvals/rules/list", ApprovalRuleListSchema, () => rules);
  const approvers = apiOk("/api/approvals/approvers", ApproverListSchema, [
    { id: 1, name: "Avery Admin", email: "admin@vetportal.example" },
    { id: 7, name: "Dana Approver", email: null },
  ]);
  const departments = apiList("/api/department/list", DepartmentRowSchema, [
    { id: 12, name: "Cardiology", department_code: "CARD", is_active: true, user_count: 3 },
  ]);
  const save = apiOk("/api/approvals/rules/save", IdResultSchema, { id: 9 });
  server.use(list.handler, approvers.handler, departments.handler, save.handler);
  return {
    ...renderPage(<ApprovalRulesRoute />, { path: "/admin/approval-rules", url: "/admin/approval-rules" }),
    list,
    save,
  };
}

const rulesTable = () => screen.getByRole("table", { name: "Approval rules" });

async function pick(user: ReturnType<typeof openRules>["user"], field: string, option: RegExp) {
  await user.click(screen.getByRole("combobox", { name: field }));
  await user.click(await screen.findByRole("option", { name: option }));
}

describe("approval rules page", () => {
  it("lists each rule with what it checks, for whom, and its approvers step by step", async () => {
    openRules();
    expect(await screen.findByRole("heading", { level: 1, name: "Approval rules" })).toBeInTheDocument();
    const row = await within(await screen.findByRole("table", { name: "Approval rules" })).findByRole("row", {
      name: /Large orders/,
    });
    expect(row).toHaveTextContent("Order total above $500.00");
    expect(row).toHaveTextContent("Every department");
    await waitFor(() => expect(row).toHaveTextContent("Step 1: Dana Approver"));
    expect(row).toHaveTextContent("Step 2: Avery Admin, Dana Approver");
  });

  it("adds a rule for a department with two steps of approvers", async () => {
    const { user, save, list } = openRules([]);
    expect(await screen.findByText("No rule yet: every order is placed Active.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add Rule" }));
    const form = await screen.findByRole("form", { name: "Add a rule" });
    await fill(user, within(form).getByRole("textbox", { name: /Name/ }), "Big dental orders");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Needs approval when" }), "category_quantity");
    await user.selectOptions(within(form).getByRole("combobox", { name: "For" }), "Cardiology");
    await fill(user, within(form).getByRole("textbox", { name: /Category id/ }), "31");
    await fill(user, within(form).getByRole("textbox", { name: /Packs above/ }), "40");
    await pick(user, "Approvers, step 1", /Dana Approver/);
    await pick(user, "Approvers, step 2 (optional)", /Avery Admin/);
    await user.click(within(form).getByRole("button", { name: "Add Rule" }));
    await waitFor(() =>
      expect(save.calls.last).toEqual({
        name: "Big dental orders",
        kind: "category_quantity",
        department_id: 12,
        amount_cents: null,
        product_id: null,
        category_id: 31,
        quantity: 40,
        tiers: [[7], [1]],
        is_active: true,
      }),
    );
    expect(await screen.findByText('Rule "Big dental orders" saved.')).toBeInTheDocument();
    // The list is read again and the form goes away.
    await waitFor(() => expect(list.calls.count).toBe(2));
    expect(screen.queryByRole("form", { name: "Add a rule" })).not.toBeInTheDocument();
  });

  it("says what is missing and sends nothing", async () => {
    const { user, save } = openRules([]);
    await user.click(await screen.findByRole("button", { name: "Add Rule" }));
    const form = await screen.findByRole("form", { name: "Add a rule" });
    await user.click(within(form).getByRole("button", { name: "Add Rule" }));
    expect(within(form).getByRole("textbox", { name: /Name/ })).toHaveAccessibleDescription("Enter a name");
    expect(within(form).getByRole("textbox", { name: /Order total above/ })).toHaveAccessibleDescription(
      "Enter the amount",
    );
    expect(within(form).getByRole("combobox", { name: "Approvers, step 1" })).toHaveAccessibleDescription(
      "Name the approvers",
    );
    // A product rule needs its product and its quantity.
    await user.selectOptions(within(form).getByRole("combobox", { name: "Needs approval when" }), "product_quantity");
    await user.click(within(form).getByRole("button", { name: "Add Rule" }));
    expect(within(form).getByRole("textbox", { name: /Product id/ })).toHaveAccessibleDescription("Choose the product");
    expect(within(form).getByRole("textbox", { name: /Packs above/ })).toHaveAccessibleDescription(
      "Enter the quantity",
    );
    // A third decimal is refused, not rounded.
    await user.selectOptions(within(form).getByRole("combobox", { name: "Needs approval when" }), "order_total");
    await fill(user, within(form).getByRole("textbox", { name: /Order total above/ }), "10.005");
    await user.click(within(form).getByRole("button", { name: "Add Rule" }));
    expect(within(form).getByRole("textbox", { name: /Order total above/ })).toHaveAccessibleDescription(
      "Enter the amount in dollars and cents, e.g. 500.00",
    );
    expect(save.calls.count).toBe(0);
  });

  it("shows the server's refusal on its field", async () => {
    const { user } = openRules([]);
    server.use(
      apiError("/api/approvals/rules/save", 400, "VALIDATION_FAILED", MESSAGES.validationFailed, {
        department_id: "Choose a department of this customer",
      }).handler,
    );
    await user.click(await screen.findByRole("button", { name: "Add Rule" }));
    const form = await screen.findByRole("form", { name: "Add a rule" });
    await fill(user, within(form).getByRole("textbox", { name: /Name/ }), "Flagged");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Needs approval when" }), "flagged_user");
    await user.selectOptions(within(form).getByRole("combobox", { name: "For" }), "Cardiology");
    await pick(user, "Approvers, step 1", /Dana Approver/);
    await user.click(within(form).getByRole("button", { name: "Add Rule" }));
    await waitFor(() =>
      expect(within(form).getByRole("combobox", { name: "For" })).toHaveAccessibleDescription(
        "Choose a department of this customer",
      ),
    );
  });

  it("changes a rule: its figures and approvers filled in, switched off, saved under its id", async () => {
    const { user, save } = openRules();
    await user.click(
      await within(await screen.findByRole("table", { name: "Approval rules" })).findByRole("button", {
        name: /^Change\s*Large orders$/,
      }),
    );
    const form = await screen.findByRole("form", { name: "Change Large orders" });
    expect(within(form).getByRole("textbox", { name: /Name/ })).toHaveValue("Large orders");
    expect(within(form).getByRole("textbox", { name: /Order total above/ })).toHaveValue("$500.00");
    await fill(user, within(form).getByRole("textbox", { name: /Order total above/ }), "750.5");
    await user.click(within(form).getByRole("switch", { name: "Active" }));
    await user.click(within(form).getByRole("button", { name: "Save Rule" }));
    expect(await screen.findByText('Rule "Large orders" saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(save.calls.last).toEqual({
        id: 4,
        name: "Large orders",
        kind: "order_total",
        department_id: null,
        amount_cents: 75_050,
        product_id: null,
        category_id: null,
        quantity: null,
        tiers: [[7], [1, 7]],
        is_active: false,
      }),
    );
  });

  it("deletes a rule only once confirmed", async () => {
    const { user } = openRules();
    const remove = apiOk("/api/approvals/rules/delete", IdResultSchema, { id: 4 });
    server.use(remove.handler);
    await user.click(
      await within(await screen.findByRole("table", { name: "Approval rules" })).findByRole("button", {
        name: /^Delete\s*Large orders$/,
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent('Delete the rule "Large orders"?');
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(remove.calls.last).toEqual({ id: 4 }));
    expect(await screen.findByText('Rule "Large orders" deleted.')).toBeInTheDocument();
    expect(rulesTable()).toBeInTheDocument();
  });
});
