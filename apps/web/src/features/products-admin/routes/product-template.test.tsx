import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import {
  PRINT_MESSAGES,
  ProductDetailSchema,
  type Template,
  TemplateAnswerSchema,
  TemplateSchema,
} from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { productDetail } from "../../../test/fixtures.ts";
import { apiError, apiOk } from "../../../test/handlers.ts";
import { fill, renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { ProductTemplateRoute } from "./product-template.tsx";

/** The print template editor (issue 24 §2): the fields, the live preview, a bad PDF, Save. */
const PREVIEW_A = "data:image/png;base64,AAAA";
const PREVIEW_B = "data:image/png;base64,BBBB";

const template = (over: Partial<Template> = {}): Template => ({
  id: 4,
  product_id: 101,
  product_name: "Dental Chews",
  version: 2,
  fields: [
    {
      kind: "practice_name",
      x: 10,
      y: 12,
      width: 80,
      height: 10,
      font: "Helvetica-Bold",
      size: 16,
      min_size: 8,
      color: "#1a1a1a",
      align: "left",
    },
    {
      kind: "qr",
      x: 100,
      y: 60,
      width: 25,
      height: 25,
      font: "Helvetica",
      size: 10,
      min_size: 6,
      color: "#000000",
      align: "left",
    },
  ],
  bleed_mm: 3,
  page_width_mm: 148,
  page_height_mm: 105,
  updated: "2026-11-20T10:00:00.000Z",
  ...over,
});

type PreviewBody = { product_id: number; fields: { kind: string; x: number }[]; bleed_mm: number; base_pdf?: string };

function openEditor() {
  signIn({ admin: true, userId: 1 });
  const product = apiOk("/api/product/query", ProductDetailSchema, { ...productDetail(), is_customizable: true });
  const query = apiOk("/api/template/query", TemplateAnswerSchema, template());
  const names = apiOk(
    "/api/user/vetNameList",
    z.array(z.object({ id: z.number(), representation: z.string().nullable() }).passthrough()),
    [{ id: 7, representation: "Happy Paws", department_id: null, department_name: null }],
  );
  // The first preview shows A; every later one B.
  const preview = apiOk("/api/template/preview", z.object({ preview: z.string() }), (_body, call) => ({
    preview: call === 1 ? PREVIEW_A : PREVIEW_B,
  }));
  const save = apiOk("/api/template/save", TemplateSchema, (body) => ({
    ...template({ version: 3 }),
    fields: (body as { fields: Template["fields"] }).fields,
  }));
  server.use(product.handler, query.handler, names.handler, preview.handler, save.handler);
  const page = renderPage(<ProductTemplateRoute />, {
    path: "/Product/Template/:productId",
    url: "/Product/Template/101",
  });
  return { ...page, preview, save };
}

/** Opens a field's folded row (its button's name starts with the field's label) and answers its inputs' group. */
async function openField(user: UserEvent, label: string) {
  const row = await screen.findByRole("button", { name: (name) => name.startsWith(label) }, { timeout: 3000 });
  await user.click(row);
  return screen.getByRole("group", { name: label });
}

/** The preview image shows `src` (the first one waits for the page, the debounce and the answer). */
const previewShows = (src: string) =>
  waitFor(
    () => expect(screen.getByAltText("Preview of Dental Chews with the sample brand")).toHaveAttribute("src", src),
    { timeout: 8000 },
  );

// A page of many inputs on a shared 2-core machine: room beyond the project's 15 s.
describe("the print template editor", { timeout: 30_000 }, () => {
  it("loads the template's fields and shows its preview with the sample brand", async () => {
    const { preview, user } = openEditor();
    expect(await screen.findByRole("heading", { level: 1, name: "Print template" })).toBeInTheDocument();
    // Each field starts folded, its row saying where it is and in what type.
    const row = screen.getByRole("button", {
      name: "Practice name 10, 12 mm · 80 × 10 mm · Helvetica-Bold 16 pt, left",
    });
    expect(row).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("group", { name: "Practice name" })).toBeNull();
    const name = await openField(user, "Practice name");
    expect(row).toHaveAttribute("aria-expanded", "true");
    expect(within(name).getByRole("textbox", { name: "X (mm)" })).toHaveValue("10");
    expect(within(name).getByRole("combobox", { name: "Font" })).toHaveValue("Helvetica-Bold");
    // The QR code takes a place only: no font.
    expect(screen.getByRole("button", { name: "QR code (website) 100, 60 mm · 25 × 25 mm" })).toBeInTheDocument();
    expect(within(await openField(user, "QR code (website)")).queryByRole("combobox")).toBeNull();
    await previewShows(PREVIEW_A);
    const body = preview.calls.last as PreviewBody;
    expect(body.product_id).toBe(101);
    expect(body.fields.map((f) => [f.kind, f.x])).toEqual([
      ["practice_name", 10],
      ["qr", 100],
    ]);
    expect(body.base_pdf).toBeUndefined();
  });

  it("asks for a new preview when a field moves, and shows it", async () => {
    const { preview, user } = openEditor();
    await previewShows(PREVIEW_A);
    const x = within(await openField(user, "Practice name")).getByRole("textbox", { name: "X (mm)" });
    await user.clear(x);
    await user.type(x, "25");
    await waitFor(() => expect((preview.calls.last as PreviewBody).fields[0]?.x).toBe(25), { timeout: 3000 });
    await previewShows(PREVIEW_B);
    // A value the contract refuses asks for nothing and says why the preview is behind.
    const count = preview.calls.count;
    await user.clear(x);
    expect(await screen.findByText(/Fix the values marked in the form/, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(preview.calls.count).toBe(count);
  });

  it("shows the contract's message for a PDF that does not open, and saves nothing", async () => {
    const { user, save } = openEditor();
    await previewShows(PREVIEW_A);
    const refused = apiError("/api/template/preview", 400, "VALIDATION_FAILED", PRINT_MESSAGES.pdfInvalid, {
      base_pdf: PRINT_MESSAGES.pdfInvalid,
    });
    server.use(refused.handler);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(["not a pdf at all"], "flyer.pdf", { type: "application/pdf" }));
    await waitFor(() => expect(refused.calls.count).toBeGreaterThan(0), { timeout: 3000 });
    expect((refused.calls.last as PreviewBody).base_pdf).toBe(btoa("not a pdf at all"));
    expect((await screen.findAllByText(PRINT_MESSAGES.pdfInvalid)).length).toBeGreaterThan(0);
    expect(save.calls.count).toBe(0);
  });

  it("saves the fields and bleed as edited and says Template saved", async () => {
    const { user, save } = openEditor();
    await previewShows(PREVIEW_A);
    const name = await openField(user, "Practice name");
    await fill(user, within(name).getByRole("textbox", { name: "Width (mm)" }), "90");
    await user.selectOptions(within(name).getByRole("combobox", { name: "Alignment" }), "center");
    await user.click(screen.getByRole("button", { name: "Save template" }));
    await waitFor(() => expect(save.calls.count).toBe(1));
    const body = save.calls.last as { product_id: number; bleed_mm: number; fields: Template["fields"] };
    expect(body.product_id).toBe(101);
    expect(body.bleed_mm).toBe(3);
    expect(body.fields[0]).toEqual({ ...template().fields[0], width: 90, align: "center" });
    expect(body.fields[1]).toEqual(template().fields[1]);
    expect(body).not.toHaveProperty("user_id");
    expect(await screen.findByText(PRINT_MESSAGES.templateSaved)).toBeInTheDocument();
  });

  it("opens a folded field the checks refuse, and a field just added", async () => {
    const { user, save } = openEditor();
    await previewShows(PREVIEW_A);
    const name = await openField(user, "Practice name");
    await user.clear(within(name).getByRole("textbox", { name: "X (mm)" }));
    // Folded again, then saved: the refusal opens it, its row says so, and nothing is saved.
    await user.click(screen.getByRole("button", { name: (n) => n.startsWith("Practice name") }));
    expect(screen.queryByRole("group", { name: "Practice name" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save template" }));
    const reopened = await screen.findByRole("group", { name: "Practice name" });
    expect(within(reopened).getByRole("textbox", { name: "X (mm)" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Practice name A value here needs fixing" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(save.calls.count).toBe(0);

    await user.selectOptions(screen.getByRole("combobox", { name: "Add a field" }), "Phone");
    await user.click(screen.getByRole("button", { name: "Add field" }));
    expect(within(screen.getByRole("group", { name: "Phone" })).getByRole("textbox", { name: "Y (mm)" })).toHaveValue(
      "38",
    );
  });

  it("asks before leaving with changes not saved", async () => {
    const { user } = openEditor();
    const name = await openField(user, "Practice name");
    await fill(user, within(name).getByRole("textbox", { name: "Y (mm)" }), "30");
    await user.click(screen.getByRole("link", { name: "Cancel" }));
    expect(await screen.findByText("Leave without saving?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(within(name).getByRole("textbox", { name: "Y (mm)" })).toHaveValue("30");
  });
});
