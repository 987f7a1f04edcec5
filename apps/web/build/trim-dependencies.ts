import type { Plugin } from "vite";

/** A build-time edit of a dependency's module: each `replace` must match, or the build fails. */
interface Patch {
  /** The module's path, as it ends. */
  file: RegExp;
  replace: { from: string | RegExp; to: string; atLeast: number }[];
  /** Code put at the top of the module. */
  prepend?: string;
}

const PATCHES: Patch[] = [
  /**
   * Zod without its JSON-schema converter. Each of zod's classic schema types refers to its
   * JSON-schema processor (`processors.stringProcessor(…)`) and to `toJSONSchema`, so Rollup kept
   * the converter (`core/json-schema-processors.js`, `core/to-json-schema.js`: 18 KB, 5.8 KiB
   * Brotli'd) in every signed-in page's first load, though the web never converts a schema (the API
   * does, for its OpenAPI document, with zod untouched). The references now go to a stub that throws
   * if called; parsing, errors and the checks' metadata (`processors.aggregateChecks`, read by
   * `minLength` and the like) are zod's own code.
   */
  {
    file: /\/zod\/v4\/classic\/schemas\.js$/,
    prepend: [
      "const noJsonSchema = () => {",
      '  throw new Error("The web build leaves out zod\'s JSON-schema converter (apps/web/build/trim-dependencies.ts)");',
      "};",
    ].join("\n"),
    replace: [
      {
        from: 'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";',
        to: "const createStandardJSONSchemaMethod = () => noJsonSchema;\nconst createToJSONSchemaMethod = () => noJsonSchema;",
        atLeast: 1,
      },
      { from: /\bprocessors\.\w+Processor\(/g, to: "noJsonSchema(", atLeast: 20 },
    ],
  },
  /**
   * Mantine's ScrollArea (under every Table, through Table.ScrollContainer, and Modal) imports one
   * helper, `useMergeRefs`, from @floating-ui/react, a single module: it put floating-ui (35 KB,
   * 12 KiB Brotli'd, what Popover, Combobox and Menu position with) into the chunk of whatever uses
   * a Table, the signed-in shell. Mantine's own `useMergedRef` does the same (it takes the refs as
   * arguments instead of an array).
   */
  {
    file: /\/@mantine\/core\/esm\/components\/ScrollArea\/ScrollArea\.mjs$/,
    replace: [
      {
        from: 'import { useMergeRefs } from "@floating-ui/react";',
        to: 'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);',
        atLeast: 1,
      },
    ],
  },
];

/**
 * Dependencies' code the web never runs, left out of its build (decision 034, fifth round): small
 * edits of a module the way its library is written today. The build fails when a module no longer
 * has the expected shape, so an upgrade of zod or Mantine looks at this again.
 */
export function trimDependencies(): Plugin {
  return {
    name: "vetportal-trim-dependencies",
    apply: "build",
    transform(code, id) {
      const patch = PATCHES.find((p) => p.file.test(id));
      if (!patch) return null;
      let result = code;
      for (const { from, to, atLeast } of patch.replace) {
        const found = typeof from === "string" ? result.split(from).length - 1 : (result.match(from)?.length ?? 0);
        if (found < atLeast)
          this.error(`trim-dependencies: ${id} has ${found} of ${String(from)} (expected ${atLeast})`);
        result = typeof from === "string" ? result.replaceAll(from, to) : result.replace(from, to);
      }
      return { code: patch.prepend ? `${patch.prepend}\n${result}` : result, map: null };
    },
  };
}
