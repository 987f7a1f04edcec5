import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PRINT_MESSAGES, ProductDetailSchema, ProofApprovalSchema, ProofSchema } from "@vetportal/contract";
import { delay, http } from "msw";
import { describe, expect, it } from "vitest";
import { productDetail } from "../../../test/fixtures.ts";
import { apiError, apiOk, eventLog } from "../../../test/handlers.ts";
import { renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { ProductRoute } from "./product.tsx";

/** A personalised product's page (issue 24 §3): the proof, its approval, and Add To Cart waiting for it. */
const PREVIEW = "data:image/png;base64,iVBORw0KGgo=";
const proof = (approved: boolean) => ({
  id: 7,
  product_id: 101,
  brand_version: 2,
  template_version: 1,
  approved,
  approved_at: approved ? "2026-11-25T12:00:00.000Z" : null,
  preview: PREVIEW,
});

function openPersonalised(answers: { approved: boolean; url?: string; released?: number }) {
  signIn();
  const product = apiOk("/api/product/query", ProductDetailSchema, { ...productDetail(), is_customizable: true });
  const query = apiOk("/api/proof/query", ProofSchema, proof(answers.approved));
  const approve = apiOk("/api/proof/approve", ProofApprovalSchema, {
    id: 7,
    approved_at: "2026-11-25T12:00:00.000Z",
    released_lines: answers.released ?? 0,
  });
  server.use(product.handler, query.handler, approve.handler, eventLog().handler);
  renderPage(<ProductRoute />, { path: "/product/:productId", url: answers.url ?? "/product/101" });
  return { query, approve };
}

describe("a personalised product's proof", () => {
  it("shows the practice's version and keeps Add To Cart off until the proof is approved", async () => {
    const { approve } = openPersonalised({ approved: false });
    expect(await screen.findByRole("img", { name: /Preview of Dental Chews/ })).toHaveAttribute("src", PREVIEW);
    expect(screen.getByRole("button", { name: "View proof" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add To Cart" })).toBeDisabled();
    expect(screen.getByText(PRINT_MESSAGES.proofNeeded)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: /I approve this proof/ }));
    await waitFor(() => expect(approve.calls.last).toEqual({ proof_id: 7 }));
  });

  it("an approved proof lets the product be added", async () => {
    openPersonalised({ approved: true });
    expect(await screen.findByRole("checkbox", { name: /I approve this proof/ })).toBeChecked();
    expect(screen.getByRole("button", { name: "Add To Cart" })).toBeEnabled();
    // In the line that asked for the approval, the day it was given (the portal's calendar).
    expect(screen.getByText("You approved this proof on 11/25/2026.")).toBeInTheDocument();
    expect(screen.queryByText(PRINT_MESSAGES.proofNeeded)).toBeNull();
  });

  it("while the proof is made, the panel keeps its shape with nothing to press", async () => {
    signIn();
    const product = apiOk("/api/product/query", ProductDetailSchema, { ...productDetail(), is_customizable: true });
    const pending = http.post("/api/proof/query", () => delay("infinite"));
    server.use(product.handler, pending, eventLog().handler);
    renderPage(<ProductRoute />, { path: "/product/:productId", url: "/product/101" });
    expect(await screen.findByRole("heading", { name: "Your personalised version" })).toBeInTheDocument();
    expect(screen.getByLabelText("Loading your proof")).toBeInTheDocument();
    // The placeholders are drawn, not offered: no control to press or read until the proof is there.
    expect(screen.queryByRole("button", { name: "View proof" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: /I approve this proof/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Add To Cart" })).toBeDisabled();
  });

  it("opened from a line sent back, an approved proof is approved again and says the line is back in production", async () => {
    const { approve } = openPersonalised({ approved: true, url: "/product/101?proof=again", released: 1 });
    await userEvent.click(await screen.findByRole("button", { name: "I approve this proof again" }));
    await waitFor(() => expect(approve.calls.last).toEqual({ proof_id: 7 }));
    expect(await screen.findByText(/your order line waiting for this proof is back in production/)).toBeInTheDocument();
  });

  it("an approved proof opened from the catalogue offers no second approval", async () => {
    openPersonalised({ approved: true });
    expect(await screen.findByRole("checkbox", { name: /I approve this proof/ })).toBeChecked();
    expect(screen.queryByRole("button", { name: "I approve this proof again" })).toBeNull();
  });

  it("without a brand, says so and links to the brand page", async () => {
    signIn();
    const product = apiOk("/api/product/query", ProductDetailSchema, { ...productDetail(), is_customizable: true });
    server.use(
      product.handler,
      apiError("/api/proof/query", 409, "CONFLICT", "Set up your practice's brand first (Account → Brand).").handler,
      eventLog().handler,
    );
    renderPage(<ProductRoute />, { path: "/product/:productId", url: "/product/101" });
    expect(await screen.findByRole("link", { name: "Set up your brand" })).toHaveAttribute("href", "/account/brand");
    expect(screen.getByRole("button", { name: "Add To Cart" })).toBeDisabled();
  });
});
