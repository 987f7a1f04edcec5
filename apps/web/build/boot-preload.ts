import { createHash } from "node:crypto";
import type { Plugin, Rollup } from "vite";

export interface BootPreloadOptions {
  /** The localStorage key of a stored session: without one, the first page is the sign-in page. */
  sessionKey: string;
  /** Modules every signed-in page loads (their chunks are preloaded for any path). */
  shell: string[];
  /** A page's path (a regular expression's source, matched against `location.pathname`) → its route module. */
  pages: Record<string, string>;
}

type Chunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The chunk's file, the chunks it imports statically and their stylesheets, as site paths. */
function filesOf(chunk: Chunk, bundle: Rollup.OutputBundle, base: string, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const own = [chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? [])].map((file) => `${base}${file}`);
  const imported = chunk.imports.flatMap((file) => {
    const next = bundle[file];
    return next?.type === "chunk" ? filesOf(next as Chunk, bundle, base, seen) : [];
  });
  return [...own, ...imported];
}

function chunkOf(bundle: Rollup.OutputBundle, moduleId: string): Chunk {
  const chunk = Object.values(bundle).find((item) => item.type === "chunk" && item.moduleIds.includes(moduleId));
  if (!chunk) throw new Error(`boot-preload: no chunk holds ${moduleId}`);
  return chunk as Chunk;
}

/**
 * A signed-in first visit fetches its chunks at once (decision 034). The entry decides the route only
 * after it has downloaded and run; until then the browser knows nothing of the shell's and the page's
 * chunks, a second round of downloads after the first. This plugin writes `assets/boot-<hash>.js`, a
 * few hundred bytes index.html loads with `async` (the Content-Security-Policy refuses inline
 * scripts): when a session is stored it adds `<link rel="modulepreload">` (and `preload` for the
 * stylesheets) for the shell's chunks and those of the page the address names, so they download in
 * parallel with the entry. Without a stored session it does nothing: the sign-in page loads no more
 * than before. A path no pattern matches loads as before, only without the head start.
 */
export function bootPreload(options: BootPreloadOptions): Plugin {
  let base = "/";
  return {
    name: "vetportal-boot-preload",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((item) => item.type === "chunk" && item.isEntry) as Chunk | undefined;
      const skip = new Set(entry ? filesOf(entry, bundle, base) : []);
      const shell = [...new Set(options.shell.flatMap((id) => filesOf(chunkOf(bundle, id), bundle, base)))].filter(
        (file) => !skip.has(file),
      );
      const pages = Object.entries(options.pages).map(([pattern, id]) => [
        pattern,
        filesOf(chunkOf(bundle, id), bundle, base).filter((file) => !skip.has(file) && !shell.includes(file)),
      ]);
      const source = `(function () {
  try {
    if (!localStorage.getItem(${JSON.stringify(options.sessionKey)})) return;
    var files = ${JSON.stringify(shell)};
    var pages = ${JSON.stringify(pages)};
    for (var i = 0; i < pages.length; i++) {
      if (new RegExp(pages[i][0]).test(location.pathname)) { files = files.concat(pages[i][1]); break; }
    }
    for (var j = 0; j < files.length; j++) {
      var link = document.createElement("link");
      var css = /\\.css$/.test(files[j]);
      link.rel = css ? "preload" : "modulepreload";
      if (css) link.as = "style";
      // As Vite's own preload helper asks for them, so the browser uses what this fetched.
      link.crossOrigin = "";
      link.href = files[j];
      document.head.appendChild(link);
    }
  } catch (error) {}
})();
`;
      const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
      const fileName = `assets/boot-${hash}.js`;
      this.emitFile({ type: "asset", fileName, source });
      const html = bundle["index.html"];
      if (html?.type !== "asset") throw new Error("boot-preload: no index.html in the bundle");
      html.source = String(html.source).replace(
        "</title>",
        `</title>\n    <script async src="${base}${fileName}"></script>`,
      );
    },
  };
}
