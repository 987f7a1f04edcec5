import { and, asc, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/db/client.ts";
import { preparedByShape } from "../src/db/prepared.ts";
import { departments, product_categories, product_departments, products } from "../src/db/schema/index.ts";
import { idsIn } from "../src/db/sql/ids.ts";
import { normalized } from "../src/db/sql/normalized.ts";
import { type ProductScope, productScopeWhere } from "../src/db/sql/product-scope.ts";
import { normalizeForMatch } from "../src/lib/normalisers.ts";
import { isInScope } from "../src/modules/catalog/catalogue.ts";
import { openTestDatabase, queryRows } from "./helpers.ts";

// Rules written twice, once in JS and once in SQL (issue 21 §4, decision 030): generated inputs hold
// the twins together, on PGlite and on PostgreSQL (this file runs in both Vitest projects).

const CUSTOMER = 1850;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

/** Text a practice might type, with the punctuation, spacing and accents the normaliser must fold. */
const typedText = fc.string({
  unit: fc.oneof(
    fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }),
    fc.constantFrom(" ", "  ", "\t", "\n", "\u00a0", "-", "'", "’", ".", ",", "&", "#", "é", "Ä", "ß", "ñ", "Ø"),
  ),
  maxLength: 40,
});

describe("the practice-name normaliser", () => {
  it("gives the same text in JS (normalizeForMatch) and in SQL (db/sql/normalized.ts)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(typedText, { minLength: 1, maxLength: 50 }), async (inputs) => {
        const rows = await queryRows<{ n: string }>(
          database.db,
          sql`select ${normalized(sql.raw("t.v"))} as n
              from json_array_elements_text(${JSON.stringify(inputs)}::json) with ordinality as t(v, i) order by t.i`,
        );
        expect(rows.map((r) => r.n)).toEqual(inputs.map(normalizeForMatch));
      }),
      { numRuns: 25 },
    );
  });
});

class Rollback extends Error {}

/** productScopeWhere with every value a placeholder, built once per shape (isAdmin, a department or none). */
const scopedByShape = preparedByShape<string, { id: number }>((shape) => {
  const where = productScopeWhere({
    customerId: sql.placeholder("customer"),
    hiddenCategoryIds: sql.placeholder("hidden"),
    departmentId: shape.endsWith("true") ? sql.placeholder("department") : null,
    isAdmin: shape.startsWith("admin"),
  });
  return sql`select ${products.id} as id from ${products}
    where ${products.id} in ${idsIn(sql.placeholder("ids"))} and ${where} order by ${products.id}`;
});

describe("product visibility", () => {
  it("admits the same products in SQL (productScopeWhere) and in JS (isInScope)", async () => {
    const [d1, d2, d3] = (
      await database.db
        .select({ id: departments.id })
        .from(departments)
        .where(eq(departments.customer_id, CUSTOMER))
        .orderBy(asc(departments.id))
    ).map((d) => d.id);
    expect(d3).toBeDefined();
    const categoryIds = [990_001, 990_002];
    const product = fc.record({
      category: fc.constantFrom(0, 1),
      is_active: fc.boolean(),
      departments: fc.subarray([d1, d2] as number[]),
    });
    const scope = fc.record({
      customerId: fc.constantFrom(CUSTOMER, CUSTOMER + 1),
      hiddenCategoryIds: fc.subarray(categoryIds),
      departmentId: fc.constantFrom(null, d1 as number, d2 as number, d3 as number),
      isAdmin: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(product, { minLength: 1, maxLength: 6 }),
        fc.array(scope, { minLength: 1, maxLength: 4 }),
        async (generated, scopes) => {
          let compared = 0;
          await database.db
            .transaction(async (tx) => {
              // The second category is inactive: its products are hidden from everyone but administrators.
              await tx
                .insert(product_categories)
                .values(
                  categoryIds.map((id, i) => ({ id, customer_id: CUSTOMER, name: `Twin ${i}`, is_active: i === 0 })),
                );
              const catalogued = [];
              for (const p of generated) {
                const [row] = await tx
                  .insert(products)
                  .values({
                    customer_id: CUSTOMER,
                    product_category_id: categoryIds[p.category] as number,
                    name: "Twin product",
                    is_active: p.is_active,
                  })
                  .returning({ id: products.id });
                const id = row?.id as number;
                if (p.departments.length)
                  await tx
                    .insert(product_departments)
                    .values(p.departments.map((d) => ({ product_id: id, department_id: d })));
                catalogued.push({
                  id,
                  customer_id: CUSTOMER,
                  product_category_id: categoryIds[p.category] as number,
                  is_active: p.is_active,
                  categoryActive: p.category === 0,
                  departments: p.departments,
                });
              }
              const ids = catalogued.map((p) => p.id);
              for (const s of scopes as ProductScope[]) {
                const rows = await tx
                  .select({ id: products.id })
                  .from(products)
                  .where(and(inArray(products.id, ids), productScopeWhere(s)))
                  .orderBy(asc(products.id));
                const js = catalogued
                  .filter((p) => isInScope(p as Parameters<typeof isInScope>[0], s))
                  .map((p) => p.id);
                expect(rows.map((r) => r.id)).toEqual(js);
                // The same scope bound to the placeholders of a statement prepared by its shape (an
                // order's read, decision 038): each scope of a run reuses the shape's statement.
                const bound = await scopedByShape(
                  tx,
                  `${s.isAdmin ? "admin" : "practice"} ${s.departmentId !== null}`,
                  {
                    ids: JSON.stringify(ids),
                    customer: s.customerId,
                    hidden: JSON.stringify(s.hiddenCategoryIds),
                    department: s.departmentId,
                  },
                );
                expect(bound.map((r) => r.id)).toEqual(js);
                compared++;
              }
              throw new Rollback();
            })
            .catch((err) => {
              if (!(err instanceof Rollback)) throw err;
            });
          expect(compared).toBe(scopes.length);
        },
      ),
      { numRuns: 30 },
    );
  });
});
