import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { order_products, practice_brands, print_templates, products, proofs } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { hasCauseCode } from "../../lib/error-causes.ts";

export type BrandRow = typeof practice_brands.$inferSelect;
export type TemplateRow = typeof print_templates.$inferSelect;
export type ProofRow = typeof proofs.$inferSelect;

/** Advisory-lock namespaces: a practice's brand, a product's template (decision 044). */
const BRAND_LOCK = 2401;
const TEMPLATE_LOCK = 2402;

/**
 * Serialises the saves of one practice's brand (or one product's template) until the transaction
 * ends, so two saves at once each see the other's version and the versions stay 1, 2, 3…
 */
export async function lockVersions(tx: Executor, what: "brand" | "template", id: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${what === "brand" ? BRAND_LOCK : TEMPLATE_LOCK}::int, ${id}::int)`,
  );
}

/** The practice's brand: its highest version. */
export async function findBrand(db: Executor, userId: number): Promise<BrandRow | undefined> {
  const [row] = await db
    .select()
    .from(practice_brands)
    .where(eq(practice_brands.user_id, userId))
    .orderBy(desc(practice_brands.version))
    .limit(1);
  return row;
}

export async function insertBrand(tx: Executor, row: typeof practice_brands.$inferInsert): Promise<BrandRow> {
  const [saved] = await tx
    .insert(practice_brands)
    .values(row)
    .returning()
    .catch((err: unknown) => {
      // The practice named (by an administrator) does not exist: its foreign key refuses the row.
      if (hasCauseCode(err, (code) => code === "23503"))
        throw new AppError("NOT_FOUND", "This practice does not exist.");
      throw err;
    });
  if (!saved) throw new Error("the brand was not stored");
  return saved;
}

/** The product's template: its highest version. */
export async function findTemplate(db: Executor, productId: number): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(print_templates)
    .where(eq(print_templates.product_id, productId))
    .orderBy(desc(print_templates.version))
    .limit(1);
  return row;
}

export async function insertTemplate(tx: Executor, row: typeof print_templates.$inferInsert): Promise<TemplateRow> {
  const [saved] = await tx.insert(print_templates).values(row).returning();
  if (!saved) throw new Error("the template was not stored");
  return saved;
}

/** A product of the customer: its name and whether it is customizable. */
export async function findProduct(db: Executor, customerId: number, productId: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name, is_customizable: products.is_customizable })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.customer_id, customerId)));
  return row;
}

/** The customer's customizable products, each with its template's version and number of fields. */
export async function listTemplates(db: Executor, customerId: number) {
  return db
    .select({
      product_id: products.id,
      product_name: products.name,
      version: sql<
        number | null
      >`(select max(t.version) from ${print_templates} t where t.product_id = ${products.id})`,
      fields: sql<number>`coalesce((select jsonb_array_length(t.fields) from ${print_templates} t
        where t.product_id = ${products.id} order by t.version desc limit 1), 0)::int`,
    })
    .from(products)
    .where(and(eq(products.customer_id, customerId), eq(products.is_customizable, true)))
    .orderBy(products.name, products.id);
}

/** The proof of one brand version on one template version: made once, whoever asks twice at once. */
export async function upsertProof(
  db: Executor,
  key: { user_id: number; product_id: number; brand_id: number; template_id: number },
): Promise<ProofRow> {
  const [row] = await db
    .insert(proofs)
    .values(key)
    .onConflictDoUpdate({
      target: [proofs.user_id, proofs.brand_id, proofs.template_id],
      set: { updated: sql`${proofs.updated}` },
    })
    .returning();
  if (!row) throw new Error("the proof was not stored");
  return row;
}

/** Approves a proof once: a second approval (or two at once) keeps the first one's time and person. */
export async function approveProof(db: Executor, proofId: number, approvedBy: number): Promise<ProofRow | undefined> {
  const [row] = await db
    .update(proofs)
    .set({
      approved_at: sql`coalesce(${proofs.approved_at}, now())`,
      approved_by: sql`coalesce(${proofs.approved_by}, ${approvedBy}::int)`,
      updated: sql`now()`,
    })
    .where(eq(proofs.id, proofId))
    .returning();
  return row;
}

export async function findProof(db: Executor, proofId: number): Promise<ProofRow | undefined> {
  const [row] = await db.select().from(proofs).where(eq(proofs.id, proofId));
  return row;
}

/** A brand version and a template version by id (what a proof prints). */
export async function findProofContent(db: Executor, brandId: number, templateId: number) {
  const [brand] = await db.select().from(practice_brands).where(eq(practice_brands.id, brandId));
  const [template] = await db.select().from(print_templates).where(eq(print_templates.id, templateId));
  return brand && template ? { brand, template } : undefined;
}

/** Order lines (the customer's) and the proof each prints (null: not a personalised line). */
export async function findLineProofs(db: Executor, orderProductIds: number[]) {
  if (orderProductIds.length === 0) return [];
  return db
    .select({ id: order_products.id, proof_id: order_products.proof_id })
    .from(order_products)
    .where(inArray(order_products.id, orderProductIds));
}
