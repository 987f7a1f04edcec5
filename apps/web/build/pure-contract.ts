import MagicString from "magic-string";
import { parseAst } from "rollup/parseAst";
import type { Plugin, Rollup } from "vite";

type Expression = Extract<Rollup.ProgramNode["body"][number], { type: "ExpressionStatement" }>["expression"];

const CONTRACT_MODULE = /\/packages\/contract\/src\/[^/]+\.ts$/;
const WEB_MODULE = /\/apps\/web\/src\/.+\.tsx?$/;
const LAZY_SCHEMA = new URL("../src/lib/lazy-schema.ts", import.meta.url).pathname;

/** The contract's naming: a schema's name ends in Schema (ProfileSchema, ReportFilterBaseSchema). */
const isSchemaName = (name: string) => name.endsWith("Schema");

/** Initialisers with nothing to run: left as they are. */
const INERT = new Set(["Literal", "Identifier", "ArrowFunctionExpression", "FunctionExpression", "ClassExpression"]);

/** The identifier a chain of calls and property reads starts from: `z` in `z.object({…}).strict()`. */
function chainRoot(node: Expression): string | undefined {
  let current: Expression = node;
  for (;;) {
    if (current.type === "CallExpression") current = current.callee as Expression;
    else if (current.type === "MemberExpression") current = current.object as Expression;
    else return current.type === "Identifier" ? current.name : undefined;
  }
}

/** The contract's builders of a schema (primitives.ts): `dbText(…)` is a schema as `z.string()` is. */
const isSchemaBuilder = (name: string) => /^(db|form)[A-Z]/.test(name);

/**
 * One contract module (JavaScript, its types stripped), rewritten for the web: every top-level
 * constant's initialiser marked pure, so Rollup drops a constant no kept code reads, and each schema
 * built on its first use (lib/lazy-schema.ts) instead of when the module loads. A schema is a call
 * chain from `z`, from a builder (`dbText`), from another schema or from a constant named …Schema;
 * an object whose every value is a schema (the fields several schemas spread) is built so too.
 * `schemasOnly` (the web's own modules) leaves the other constants as they are.
 */
export function pureContractModule(code: string, lazySchemaModule = LAZY_SCHEMA, { schemasOnly = false } = {}) {
  const s = new MagicString(code);
  const schemas = new Set<string>();
  const isSchemaChain = (node: Expression | null | undefined): boolean => {
    if (node?.type !== "CallExpression") return false;
    const root = chainRoot(node) ?? "";
    return root === "z" || isSchemaName(root) || isSchemaBuilder(root) || schemas.has(root);
  };
  const isSchemaFields = (node: Expression) =>
    node.type === "ObjectExpression" &&
    node.properties.length > 0 &&
    node.properties.every((p) => p.type === "Property" && !p.computed && isSchemaChain(p.value as Expression));
  for (const statement of parseAst(code).body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type !== "VariableDeclaration") continue;
    for (const { id, init } of declaration.declarations) {
      if (!init || INERT.has(init.type)) continue;
      const { start, end } = init as Expression & { start: number; end: number };
      const name = id.type === "Identifier" ? id.name : "";
      const expression = init as Expression;
      if (
        (expression.type === "CallExpression" && isSchemaName(name)) ||
        isSchemaChain(expression) ||
        isSchemaFields(expression)
      ) {
        schemas.add(name);
        s.prependLeft(start, "/* @__PURE__ */ __lazySchema(() => (").appendRight(end, "))");
      } else if (!schemasOnly) {
        s.prependLeft(start, "/* @__PURE__ */ (() => (").appendRight(end, "))()");
      }
    }
  }
  if (schemas.size) s.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(lazySchemaModule)};\n`);
  return { code: s.toString(), map: s.generateMap({ hires: true }) };
}

/**
 * The contract's schemas, built only when a page uses them (decision 034, lever 22). A contract
 * module declares constants and zod schemas and nothing else, but Rollup cannot tell that a
 * top-level `z.object({…})` has no effect, so every schema of a module a page imports anything from
 * was kept and built when the page's first chunk loaded: the request schemas the web only takes types
 * from, the admin's and the reports' in the practice's shell. Building them was most of the time the
 * shell's chunk took to start (about 40 of 80 ms on this machine, four times that on Lighthouse's
 * phone). The API, the tests and the types see the contract as written.
 */
export function pureContract(): Plugin {
  return {
    name: "vetportal-pure-contract",
    apply: "build",
    // After TypeScript is stripped: the hook reads JavaScript.
    enforce: "post",
    transform(code, id) {
      if (CONTRACT_MODULE.test(id)) return pureContractModule(code);
      if (!WEB_MODULE.test(id)) return null;
      const out = pureContractModule(code, LAZY_SCHEMA, { schemasOnly: true });
      return out.code === code ? null : out;
    },
  };
}
