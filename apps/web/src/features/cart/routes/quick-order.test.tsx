import { screen, waitFor, within } from "@testing-library/react";
import { type QuickOrderLine, QuickOrderResultSchema } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { getCart } from "../../../lib/cart-store.ts";
import { cartItem } from "../../../test/fixtures.ts";
import { apiError, apiOk } from "../../../test/handlers.ts";
import { fill, renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { QuickOrderRoute } from "./quick-order.tsx";

const product = (id: number, name: string, unit: number, quantity: number) => ({
  id,
  name,
  display_name: name,
  package_quantity: 25,
  min_quantity: 1,
  max_quantity: 50,
  unit_price_cents: unit,
  line_total_cents: unit * quantity,
});

const added = (line: number, sku: string, quantity: number, name: string, id: number): QuickOrderLine => ({
  line,
  merged_lines: [],
  sku,
  quantity_text: String(quantity),
  quantity,
  status: "added",
  reason: null,
  message: `Added ${quantity} packs.`,
  product: product(id, name, 1000, quantity),
  in_cart: quantity,
});

const refused = (line: number, sku: string, quantityText: string, message: string): QuickOrderLine => ({
  line,
  merged_lines: [],
  sku,
  quantity_text: quantityText,
  quantity: Number.isInteger(Number(quantityText)) ? Number(quantityText) : null,
  status: "refused",
  reason: "below_min",
  message,
  product: null,
  in_cart: 0,
});

let revision = 100;
/** The server's answer: these lines, and a cart holding `cart`. */
const answer = (lines: QuickOrderLine[], cart = [cartItem()]) => ({
  lines,
  header_skipped: false,
  added: lines.filter((l) => l.status === "added").length,
  refused: lines.filter((l) => l.status === "refused").length,
  cart: { items: cart, revision: ++revision, dropped: [] },
});

function openPage(respond: (body: unknown, call: number) => ReturnType<typeof answer>) {
  signIn();
  const quick = apiOk("/api/quick-order/add", QuickOrderResultSchema, respond);
  server.use(quick.handler);
  return { ...renderPage(<QuickOrderRoute />, { url: "/quick-order" }), quick };
}

const textArea = () => screen.getByRole("textbox", { name: "SKU and quantity, one product a line" });

describe("quick order page", () => {
  it("sends the pasted lines, shows what went into the cart with its price, and takes the server's cart", async () => {
    const { user, quick } = openPage(() =>
      answer(
        [
          added(1, "VP-101", 3, "Dental Chews", 101),
          refused(2, "VP-102", "1", "Below the minimum of 5 packs."),
          refused(3, "NOPE", "2", 'No product with SKU "NOPE" in your catalogue.'),
        ],
        [cartItem({ quantity: 3 })],
      ),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Quick Order" })).toBeInTheDocument();
    await fill(user, textArea(), "VP-101\t3\nVP-102\t1\nNOPE\t2");
    await user.click(screen.getByRole("button", { name: "Add to cart" }));

    expect(await screen.findByRole("status")).toHaveTextContent(
      "1 line added to your cart, 2 lines not added: see why below.",
    );
    expect(quick.calls.last).toEqual({ text: "VP-101\t3\nVP-102\t1\nNOPE\t2" });
    const addedRow = within(screen.getByRole("table", { name: "Lines added to your cart" })).getByRole("row", {
      name: /Dental Chews/,
    });
    expect(addedRow).toHaveTextContent("$10.00");
    expect(addedRow).toHaveTextContent("$30.00");
    const refusedTable = screen.getByRole("table", { name: "Lines not added" });
    expect(within(refusedTable).getByText("Below the minimum of 5 packs.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "2 lines need a change" })).toBeInTheDocument();
    // The text box is emptied: every line is now in the cart or in the list below.
    expect(textArea()).toHaveValue("");
    await waitFor(() => expect(getCart().map((i) => [i.id, i.quantity])).toEqual([[101, 3]]));
    expect(screen.getByRole("link", { name: "View cart (1 product)" })).toHaveAttribute("href", "/cart/preview");
  });

  it("lets a refused line be fixed in place and checked again, and a line be removed", async () => {
    const { user, quick } = openPage((_body, call) =>
      call === 1
        ? answer([refused(1, "VP-102", "1", "Below the minimum of 5 packs."), refused(2, "NOPE", "2", "Unknown.")])
        : answer([added(2, "VP-102", 5, "Flea Drops", 102)], [cartItem({ id: 102, quantity: 5 })]),
    );
    await fill(user, await screen.findByRole("textbox", { name: "SKU and quantity, one product a line" }), "x");
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    const quantity = await screen.findByRole("textbox", { name: "Quantity (line 1)" });
    expect(quantity).toHaveAccessibleDescription("Below the minimum of 5 packs.");
    await fill(user, quantity, "5");
    await user.click(screen.getByRole("button", { name: "Remove line 2" }));
    expect(screen.queryByRole("textbox", { name: "SKU (line 2)" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Check again" }));

    // A header names the columns, then one line a row, so the answer's line 2 is the first row.
    await waitFor(() => expect(quick.calls.count).toBe(2));
    expect(quick.calls.last).toEqual({ text: "SKU\tQuantity\nVP-102\t5" });
    expect(await screen.findByRole("table", { name: "Lines added to your cart" })).toHaveTextContent("Flea Drops");
    expect(screen.queryByRole("table", { name: "Lines not added" })).not.toBeInTheDocument();
  });

  it("says what is wrong with the text without asking the server, or with the server's words", async () => {
    signIn();
    const refusedText = apiError("/api/quick-order/add", 400, "VALIDATION_FAILED", "Bad", {
      text: "101 lines is too many: a quick order takes at most 100 lines. Split it in two.",
    });
    server.use(refusedText.handler);
    const { user } = renderPage(<QuickOrderRoute />, { url: "/quick-order" });
    await user.click(await screen.findByRole("button", { name: "Add to cart" }));
    expect(textArea()).toHaveAccessibleDescription(
      expect.stringContaining("Type or paste at least one line of SKU and quantity."),
    );
    expect(refusedText.calls.count).toBe(0);
    await fill(user, textArea(), "A,1");
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    await waitFor(() =>
      expect(textArea()).toHaveAccessibleDescription(
        expect.stringContaining("101 lines is too many: a quick order takes at most 100 lines. Split it in two."),
      ),
    );
    await waitFor(() => expect(textArea()).toHaveFocus());
  });

  it("sends a CSV file's text as it is chosen", async () => {
    const { user, quick } = openPage(() => answer([added(2, "VP-101", 4, "Dental Chews", 101)]));
    const csv = new File(["SKU,Quantity\nVP-101,4\n"], "order.csv", { type: "text/csv" });
    await screen.findByRole("button", { name: "Or upload a CSV file" });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement, csv);
    await waitFor(() => expect(quick.calls.last).toEqual({ text: "SKU,Quantity\nVP-101,4\n" }));
    expect(await screen.findByRole("table", { name: "Lines added to your cart" })).toHaveTextContent("Dental Chews");
  });
});
