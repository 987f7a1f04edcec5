import { screen, waitFor } from "@testing-library/react";
import { CategorySchema, DepartmentRowSchema, EnumOptionSchema, QUICKBOOKS_TYPES } from "@vetportal/contract";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { productDetail } from "../../../test/fixtures.ts";
import { apiList, apiOk } from "../../../test/handlers.ts";
import { fill, renderComponent, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import type { ProductForm as ProductRequest } from "../api/create-product.ts";
import { ProductForm } from "./product-form.tsx";

const THIRD_DECIMAL = "Enter the price in dollars and cents, e.g. 4.25";

/** The product form as Add Product shows it, with the selects' answers; `onSave` records each request. */
function openForm(product?: Parameters<typeof ProductForm>[0]["product"]) {
  signIn({ admin: true });
  server.use(
    apiOk("/api/product/categories", z.array(CategorySchema), [
      { id: 2103, name: "Client Education", subtitle: null, image_url: null },
    ]).handler,
    apiOk("/api/product/enum", z.array(EnumOptionSchema), [...QUICKBOOKS_TYPES]).handler,
    apiList("/api/department/list", DepartmentRowSchema, []).handler,
  );
  const onSave = vi.fn((_request: ProductRequest) => Promise.resolve({ id: 1 }));
  const view = renderComponent(
    <ProductForm product={product} categoryId={2103} submitLabel="Add Product" isSaving={false} onSave={onSave} />,
  );
  return { ...view, onSave };
}

const priceField = (range: number) => screen.getByRole("textbox", { name: `Range ${range} price per pack in dollars` });

describe("product form: money in dollars and cents (issue 22 §6)", () => {
  it("keeps a third decimal as typed and refuses it with a plain message, sending nothing", async () => {
    const { user, onSave } = openForm();
    await fill(user, await screen.findByRole("textbox", { name: /^Name/ }), "Rabbit Care Basics");
    await user.type(priceField(1), "4.255");
    await user.tab();
    // Not cut to $4.25 nor rounded to $4.26: what was typed stays for the message to refer to.
    expect(priceField(1)).toHaveValue("$4.255");
    await user.click(screen.getByRole("button", { name: "Add Product" }));

    expect(await screen.findByText(THIRD_DECIMAL)).toBeInTheDocument();
    expect(priceField(1)).toHaveAttribute("aria-invalid", "true");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses a third decimal in the pick fee too", async () => {
    const { user, onSave } = openForm();
    await fill(user, await screen.findByRole("textbox", { name: /^Name/ }), "Rabbit Care Basics");
    await user.type(priceField(1), "4.25");
    const pickFee = screen.getByRole("textbox", { name: /^Pick fee/ });
    await user.clear(pickFee);
    await user.type(pickFee, "0.305");
    await user.click(screen.getByRole("button", { name: "Add Product" }));

    expect(await screen.findByText("Enter the pick fee in dollars and cents, e.g. 0.30")).toBeInTheDocument();
    expect(screen.queryByText(THIRD_DECIMAL)).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("sends dollars and cents as the exact cents, showing two decimals once a field is left", async () => {
    const { user, onSave } = openForm();
    await fill(user, await screen.findByRole("textbox", { name: /^Name/ }), "Rabbit Care Basics");
    await user.type(priceField(1), "0.29"); // 0.29 × 100 is 28.999… in floating point
    await user.tab();
    expect(priceField(1)).toHaveValue("$0.29");
    const pickFee = screen.getByRole("textbox", { name: /^Pick fee/ });
    await user.clear(pickFee);
    await user.type(pickFee, "1.5");
    await user.tab();
    expect(pickFee).toHaveValue("$1.50");
    await user.click(screen.getByRole("button", { name: "Add Product" }));

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const request = onSave.mock.calls[0]?.[0];
    expect(request?.price_ranges).toEqual([{ min_quantity: 1, max_quantity: null, price_cents: 29 }]);
    expect(request?.pick_fees).toBe(150);
  });

  it("shows a product's prices with their cents and sends them back unchanged", async () => {
    const product = productDetail({ pick_fees: 30 });
    const { user, onSave } = openForm(product);
    expect(await screen.findByDisplayValue("$12.00")).toBe(priceField(1));
    expect(priceField(2)).toHaveValue("$10.00");
    expect(screen.getByRole("textbox", { name: /^Pick fee/ })).toHaveValue("$0.30");
    await user.click(screen.getByRole("button", { name: "Add Product" }));

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0].price_ranges).toEqual(product.price_ranges);
    expect(onSave.mock.calls[0]?.[0].pick_fees).toBe(30);
  });
});
