import type { Plugin } from "vite";

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): every function
 * of a file that starts with it is compiled as the file streams in, on a background thread,
 * instead of on the main thread at its first call.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Puts the compile hint at the top of the entry chunk (decision 034, lever 33). Every page runs
 * React DOM, React Router and Mantine's core from it, and most of their functions on its first
 * render; compiled lazily, React's commit of that render (and the entry's own evaluation) compiled
 * them on the phone's main thread, in tasks long enough to block it. The other chunks stay lazy:
 * the hint did not shorten their evaluation when measured.
 *
 * Added last, after minification (which drops comments) and Vite's own edits, with the source map
 * moved down a line.
 */
export function compileHints(): Plugin {
  return {
    name: "vetportal-compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle: {
      // After Vite's own edits of the bundle, which put the preload helper's list at the top.
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || !chunk.isEntry) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // The source map (a build with one) is written from its own asset: it moves a line down.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === "asset") {
            const parsed = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}
