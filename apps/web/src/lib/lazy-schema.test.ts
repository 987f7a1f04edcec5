import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { transform } from "esbuild";
import { rollup } from "rollup";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pureContractModule } from "../../build/pure-contract.ts";
import { lazySchema } from "./lazy-schema.ts";

describe("lazySchema", () => {
  it("builds the schema on first use, once, and stands in for it", () => {
    let built = 0;
    const Row = lazySchema(() => {
      built += 1;
      return z.object({ id: z.number().int(), name: z.string().min(1) });
    });
    expect(built).toBe(0);

    expect(Row.parse({ id: 1, name: "Kit" })).toEqual({ id: 1, name: "Kit" });
    expect(Row.safeParse({ id: 1.5, name: "" }).success).toBe(false);
    expect(Row).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(Row.shape)).toEqual(["id", "name"]);
    // Composed into other schemas, extended and made optional as the contract does.
    const Wide = Row.extend({ sku: z.string() });
    expect(Wide.parse({ id: 2, name: "Poster", sku: "P-1" }).sku).toBe("P-1");
    expect(z.object({ row: Row.optional() }).parse({})).toEqual({});
    expect(() => z.array(Row).parse([{ id: "x" }])).toThrow(z.ZodError);
    expect(built).toBe(1);
  });
});

const CONTRACT = `
import { z } from "zod";
const id = z.number().int();
export const PAGE_SIZE = 25;
export const NAMES = Object.freeze(["Active", "Shipped"]);
export const RowSchema = z.object({ id, label: z.literal("row-schema") });
export const WideSchema = RowSchema.extend({ note: z.literal("wide-schema") });
export const UnusedSchema = z.object({ marker: z.literal("unused-schema") });
const sharedFields = { kind: z.literal("shared-fields"), note: dbText().max(10) };
export const FieldsSchema = z.object({ ...sharedFields, id });
`;

/** The contract module above, bundled with a page that reads `used` from it, through the web's transform. */
async function bundle(used: string) {
  const build = await rollup({
    input: "page",
    external: ["zod", "lazy-schema", "primitives"],
    plugins: [
      {
        name: "virtual",
        resolveId: (id) => (id === "page" || id === "contract" ? id : null),
        load: (id) =>
          id === "page"
            ? `import { ${used} } from "contract";\nconsole.log(${used});`
            : id === "contract"
              ? `import { dbText } from "primitives";\n${CONTRACT}`
              : null,
      },
      {
        name: "pure-contract",
        transform: (code, id) => (id === "contract" ? pureContractModule(code, "lazy-schema") : null),
      },
    ],
  });
  const { output } = await build.generate({ format: "es" });
  return output[0].code;
}

describe("the web build's contract transform", () => {
  it("keeps only the schemas a page reads, each built on first use", async () => {
    const code = await bundle("WideSchema");
    expect(code).toContain("wide-schema");
    expect(code).toContain("row-schema");
    expect(code).not.toContain("unused-schema");
    expect(code).not.toContain("Shipped");
    expect(code).toMatch(/const WideSchema = \/\* @__PURE__ \*\/ \w*lazySchema\(\(\) =>/);
    expect(code).toMatch(/const RowSchema = \/\* @__PURE__ \*\/ \w*lazySchema\(\(\) =>/);
  });

  it("builds an object of schemas, which several schemas spread, on first use too", async () => {
    const code = await bundle("FieldsSchema");
    expect(code).toContain("shared-fields");
    expect(code).toMatch(/const sharedFields = \/\* @__PURE__ \*\/ \w*lazySchema\(\(\) =>/);
    expect(code).not.toContain("wide-schema");
  });

  it("keeps a constant that is not a schema as a value, built where it was", async () => {
    const code = await bundle("NAMES");
    expect(code).toContain("Shipped");
    expect(code).not.toMatch(/lazySchema\(/);
    expect(code).not.toContain("row-schema");
  });
});

describe("the web's own modules", () => {
  it("have their schemas built on first use and every other constant left as it is", () => {
    const code = [
      'import { z } from "zod";',
      "const listeners = new Set();",
      "const started = Date.now();",
      "const FormSchema = z.object({ name: z.string() });",
      "const ListSchema = z.array(FormSchema);",
    ].join("\n");
    const lazy = pureContractModule(code, "lazy-schema", { schemasOnly: true }).code;
    expect(lazy).toContain("const listeners = new Set();");
    expect(lazy).toContain("const started = Date.now();");
    expect(lazy).toContain("const FormSchema = /* @__PURE__ */ __lazySchema(() => (z.object(");
    expect(lazy).toContain("const ListSchema = /* @__PURE__ */ __lazySchema(() => (z.array(FormSchema)))");
  });
});

describe("the contract's schema constants", () => {
  const CONTRACT_DIR = new URL("../../../../packages/contract/src/", import.meta.url).pathname;
  /** primitives.ts's schema builders: the exported functions that return a chain from `z` (dbInt, dbText, …). */
  const builders = [
    ...readFileSync(join(CONTRACT_DIR, "primitives.ts"), "utf8").matchAll(
      /^export function (\w+)\([^)]*\)[^{]*\{\s*return z\b/gm,
    ),
  ].map((match) => match[1]);

  it("are built on first use in the web whenever a builder makes them, or they are objects of schemas", async () => {
    expect(builders).toEqual(expect.arrayContaining(["dbInt", "dbText"]));
    const eager: string[] = [];
    for (const file of readdirSync(CONTRACT_DIR).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      const { code } = await transform(readFileSync(join(CONTRACT_DIR, file), "utf8"), { loader: "ts" });
      const lazy = pureContractModule(code, "lazy-schema").code;
      for (const match of code.matchAll(/^(?:export )?const (\w+) = (?:(\w+)\(|\{\s*\w+: (\w+)\()/gm)) {
        const [, name, root, field] = match;
        if (!builders.includes(root ?? field ?? "") && root !== "z" && field !== "z") continue;
        if (!new RegExp(`const ${name} = /\\* @__PURE__ \\*/ __lazySchema\\(`).test(lazy))
          eager.push(`${file}: ${name}`);
      }
    }
    // A schema built as the module loads costs every page that imports the module (decision 034, lever 36).
    expect(eager).toEqual([]);
  });
});
