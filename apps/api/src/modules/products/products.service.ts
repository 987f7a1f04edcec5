import type { ProductFormSchema } from "@vetportal/contract";
import { displayProductName, QUICKBOOKS_TYPE_DESTROYABLE } from "@vetportal/contract";
import { stringify } from "csv-stringify/sync";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { neutralizeCell } from "../../lib/csv.ts";
import { sniffImage } from "../../lib/image-sniff.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import type { AuditActor, AuditRecorder } from "../audit/audit.service.ts";
import { productImage } from "../catalog/catalog.service.ts";
import type { DepartmentsService } from "../departments/departments.service.ts";
import type { InventoryService } from "../inventory/inventory.service.ts";
import * as repo from "./products.repository.ts";

type ProductForm = z.infer<typeof ProductFormSchema>;

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type ProductsSettings = Pick<Config, "CUSTOMER_ID">;

interface ProductsDeps {
  db: Database;
  settings: ProductsSettings;
  /** A product is offered to departments: the departments module says which are live. */
  departments: DepartmentsService;
  /** Replenish and Adjust change stock through the inventory, the ledger's owner. */
  inventory: Pick<InventoryService, "changeStock" | "ledgerPage">;
  /** Every change to a product (its fields, prices, departments, image, stock) is recorded. */
  audit: AuditRecorder;
}

/** The product, locked in the transaction, as the audit trail records it (the form's fields and more). */
async function auditedProduct({ settings }: ProductsDeps, tx: Executor, id: number) {
  const found = await repo.lockAuditedProduct(tx, settings.CUSTOMER_ID, id);
  if (!found) return undefined;
  const { row, price_ranges, department_list } = found;
  const form = Object.fromEntries(Object.keys(columns(AUDITED_FORM)).map((k) => [k, row[k as keyof typeof row]]));
  return { label: row.name, fields: { ...form, image_url: row.image_url, price_ranges, department_list } };
}

/** Records a product's change in its transaction. */
async function auditProduct(
  deps: ProductsDeps,
  tx: Executor,
  actor: AuditActor,
  action: string,
  id: number,
  change: { before?: Awaited<ReturnType<typeof auditedProduct>>; after?: Awaited<ReturnType<typeof auditedProduct>> },
) {
  const label = change.after?.label ?? change.before?.label ?? `Product ${id}`;
  await deps.audit.record(tx, {
    actor,
    kind: "product",
    action,
    recordId: id,
    label,
    before: change.before?.fields ?? null,
    after: change.after?.fields ?? null,
  });
}

async function validate({ db, settings, departments }: ProductsDeps, input: ProductForm) {
  if (!(await repo.categoryExists(db, settings.CUSTOMER_ID, input.product_category_id))) {
    throw new AppError("VALIDATION_FAILED", "This category does not exist.", {
      product_category_id: "Unknown category",
    });
  }
  if ((await departments.countLiveDepartments(input.department_list)) !== new Set(input.department_list).size) {
    throw new AppError("VALIDATION_FAILED", "Some departments do not exist.", {
      department_list: "Unknown department",
    });
  }
}

const columns = (input: ProductForm) => ({
  name: input.name,
  customer_sku: input.customer_sku,
  product_category_id: input.product_category_id,
  quickbooks_type_id: input.quickbooks_type_id,
  description_1: input.description_1,
  additional_info: input.additional_info,
  package_quantity: input.package_quantity,
  min_quantity: input.min_quantity,
  max_quantity: input.max_quantity,
  pick_fee_cents: input.pick_fees,
  cutoff_time: input.cutoff_time,
  is_in_inventory: input.is_in_inventory,
  show_inventory: input.show_inventory,
  no_order_below_zero_inventory: input.no_order_below_zero_inventory,
  low_inventory_amount: input.low_inventory_amount,
  is_active: input.is_active,
});

/** Any form: only its keys matter, to name the product's audited columns once (columns below). */
const AUDITED_FORM = {} as ProductForm;

async function getRow({ db, settings }: ProductsDeps, id: number) {
  const row = await repo.findProductRow(db, settings.CUSTOMER_ID, id);
  if (!row) throw new AppError("NOT_FOUND", "This product does not exist.");
  return row;
}

/**
 * Staff's change of an in-inventory product's stock through the ledger, in its own transaction: a
 * replenish comes in as it is; an adjust may not take stock below zero (balance undefined then).
 */
async function changeStockOf(
  deps: ProductsDeps,
  user: SessionUser,
  action: "replenish" | "adjust",
  input: { product_id: number; quantity: number; palettes?: number; comment: string | null },
) {
  const product = await getRow(deps, input.product_id);
  if (!product.is_in_inventory) throw new AppError("CONFLICT", "This product is not kept in inventory.");
  const balance = await deps.db.transaction(async (tx) => {
    const after = await deps.inventory.changeStock(tx, {
      productId: input.product_id,
      delta: input.quantity,
      action,
      forbidNegative: action === "adjust",
      userId: user.userId,
      palettes: input.palettes ?? null,
      comment: input.comment,
    });
    if (after !== undefined) {
      await deps.audit.record(tx, {
        actor: user,
        kind: "product",
        action,
        recordId: product.id,
        label: product.name,
        before: { stock: after - input.quantity },
        after: { stock: after, ...(input.comment ? { comment: input.comment } : {}) },
      });
    }
    return after;
  });
  return { product, balance };
}

/** Destroy (SPEC §4): the whole stock of an in-inventory product of type 5, as a cart line. */
async function destroyLine(deps: ProductsDeps, id: number) {
  const p = await getRow(deps, id);
  if (!p.is_in_inventory || p.quickbooks_type_id !== QUICKBOOKS_TYPE_DESTROYABLE) {
    throw new AppError("CONFLICT", "Only in-inventory products of the obsolete type can be destroyed.");
  }
  if (p.actual_inventory <= 0) throw new AppError("CONFLICT", "There is no stock to destroy.");
  return {
    id: p.id,
    name: p.name,
    display_name: `${displayProductName(p.name, p.product_category_id)} (to be destroyed)`,
    image_url: productImage(p),
    package_quantity: p.package_quantity,
    min_quantity: p.min_quantity,
    max_quantity: p.max_quantity,
    quantity: p.actual_inventory,
    price: 0,
    is_destroy: true,
  };
}

/** Products, their prices, departments and images, and their CSV export. */
function productOperations(deps: ProductsDeps) {
  const { db } = deps;
  const customerId = deps.settings.CUSTOMER_ID;
  return {
    /** An uploaded product image (public: an <img> sends no bearer token), or undefined. */
    findUpload(id: number) {
      return repo.findImage(db, id);
    },

    async addProduct(actor: AuditActor, input: ProductForm) {
      await validate(deps, input);
      return db.transaction(async (tx) => {
        const id = await repo.nextProductId(tx);
        await repo.insertProduct(tx, {
          id,
          customer_id: customerId,
          ...columns(input),
          image_url: `/media/products/${id}.svg`,
        });
        await repo.replacePriceRanges(tx, id, input.price_ranges);
        await repo.replaceDepartments(tx, id, [...new Set(input.department_list)]);
        await auditProduct(deps, tx, actor, "create", id, { after: await auditedProduct(deps, tx, id) });
        return { id };
      });
    },

    async updateProduct(actor: AuditActor, id: number, input: ProductForm) {
      await validate(deps, input);
      return db.transaction(async (tx) => {
        const before = await auditedProduct(deps, tx, id);
        if (!before) throw new AppError("NOT_FOUND", "This product does not exist.");
        await repo.updateProduct(tx, customerId, id, columns(input));
        await repo.replacePriceRanges(tx, id, input.price_ranges);
        await repo.replaceDepartments(tx, id, [...new Set(input.department_list)]);
        await auditProduct(deps, tx, actor, "update", id, { before, after: await auditedProduct(deps, tx, id) });
        return { id };
      });
    },

    /** Stores an uploaded PNG, JPEG or WebP (at most 2 MB) and makes it the product's image. */
    async setImage(actor: AuditActor, id: number, data: Buffer) {
      await getRow(deps, id);
      if (data.length > MAX_IMAGE_BYTES)
        throw new AppError("PAYLOAD_TOO_LARGE", "Images can be at most 2 MB.", { file: "At most 2 MB" });
      const type = sniffImage(data);
      if (!type) {
        throw new AppError("VALIDATION_FAILED", "Upload a PNG, JPEG or WebP image.", {
          file: "Upload a PNG, JPEG or WebP image",
        });
      }
      return db.transaction(async (tx) => {
        const before = await auditedProduct(deps, tx, id);
        const imageId = await repo.insertImage(tx, id, type, data);
        const image_url = `/media/uploads/${imageId}`;
        await repo.updateProduct(tx, customerId, id, { image_url });
        await auditProduct(deps, tx, actor, "new image", id, { before, after: await auditedProduct(deps, tx, id) });
        return { image_url };
      });
    },

    /** CSV with columns ID, Name, SKU (SPEC §9), formula-like cells neutralised. */
    async exportCsv(categoryId?: number) {
      const rows = await repo.listForExport(db, customerId, categoryId);
      return stringify([
        ["ID", "Name", "SKU"],
        ...rows.map((r) => [r.id, neutralizeCell(r.name), neutralizeCell(r.sku)]),
      ]);
    },

    destroyLine: (id: number) => destroyLine(deps, id),
  };
}

/** Staff's stock changes and a product's ledger (through the inventory's stock ledger). */
function stockOperations(deps: ProductsDeps) {
  return {
    /** Replenish: stock comes in (quantity > 0, pallets, comment). */
    async replenish(
      user: SessionUser,
      input: { product_id: number; quantity: number; palettes?: number; comment: string | null },
    ) {
      const { product, balance } = await changeStockOf(deps, user, "replenish", input);
      return { product_id: input.product_id, actual_inventory: balance ?? product.actual_inventory };
    },

    /** Adjust: a signed correction with a required reason; never below zero for products that forbid it. */
    async adjust(user: SessionUser, input: { product_id: number; quantity: number; comment: string }) {
      const { product, balance } = await changeStockOf(deps, user, "adjust", input);
      if (balance === undefined) {
        throw new AppError(
          "CONFLICT",
          `Only ${product.actual_inventory} packs are in stock; this product cannot go below zero.`,
          {
            quantity: "Would take stock below zero",
          },
        );
      }
      return { product_id: input.product_id, actual_inventory: balance };
    },

    async ledger(productId: number, limit: number, offset: number) {
      await getRow(deps, productId);
      const { rows, total } = await deps.inventory.ledgerPage(productId, limit, offset);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          action: r.action,
          quantity: r.quantity,
          ending_inventory: r.ending_inventory,
          palettes: r.palettes,
          order_id: r.order_id,
          comment: r.comment,
          date: r.created.toISOString(),
          user_name: [r.first_name, r.last_name].filter(Boolean).join(" ") || null,
        })),
        total,
      };
    },
  };
}

/** Product administration and inventory (issue 4). */
export function createProductsService(deps: ProductsDeps) {
  return { ...productOperations(deps), ...stockOperations(deps) };
}

export type ProductsService = ReturnType<typeof createProductsService>;
