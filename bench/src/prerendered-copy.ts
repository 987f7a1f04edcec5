/**
 * What would a page rendered on the server score (decision 034, "Sixteenth round")? This writes a
 * copy of the web build whose index.html already holds one signed-in page as the browser drew it:
 * the demo practice's page at the mobile preset's width, its Mantine style tags and its stylesheets.
 * The scripts are the build's own, so after the HTML the page loads, renders and replaces what it
 * was sent, at the cost a hydration would have; what Lighthouse then scores is the HTML's first
 * paint followed by that work.
 *
 *   npm run bench:prerendered-copy -- [--scripts-after-paint] [--hydrate] /orders DIR
 *   WEB_DIST_DIR=DIR npx tsx bench/src/lighthouse.ts --postgres --worktree --no-build --only orders --preset mobile --runs 5
 *
 * `--scripts-after-paint` starts the entry and the boot script only after the first paint
 * (requestAnimationFrame, then a timer), as a page sent whole could. A measurement only: the copy
 * serves every address with the one page, and is never a build to ship.
 *
 * `--hydrate` marks the root (`data-prerendered`) for a build that hydrates what it finds there
 * instead of drawing it again: `bench/experiments/hydrate-prerendered.patch`, applied to a
 * throw-away worktree whose web is built first (decision 034, "Seventeenth round"). The page is then
 * drawn with a line in the cart, as lighthouse.ts audits it, so that the header is the same.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { argv } from "node:process";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { prepareApi } from "./api-under-test.ts";
import { withPhoneTab } from "./phone-tab.ts";
import { addFirstProductToCart, signInAsPractice } from "./portal-tab.ts";

const args = argv.slice(2);
const [path, out] = args.filter((arg) => !arg.startsWith("--"));
if (!path?.startsWith("/") || !out) {
  console.error("usage: prerendered-copy.ts [--scripts-after-paint] [--hydrate] /orders DIR");
  process.exit(2);
}

const api = prepareApi({ worktree: true, web: true });
const dist = join(api.root, "apps/web/dist");
// DIR is replaced: only when it is a copy this wrote before (a web build's files), never the build itself.
if (resolve(out) === resolve(dist) || (existsSync(out) && !existsSync(join(out, "index.html")))) {
  console.error(`${out} is the web build or a folder that is not a copy of it: give a new folder`);
  process.exit(2);
}
/**
 * The page's #root as HTML, its adjacent text nodes marked apart as React's server renderer marks
 * them (`<!-- -->`), so that a hydration finds the text nodes it renders. Run in the page (a string:
 * this package is typed without the DOM).
 */
const ROOT_HTML = `(() => {
  const root = document.getElementById("root");
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node);
  for (const text of texts) {
    if (text.nextSibling && text.nextSibling.nodeType === Node.TEXT_NODE) text.after(document.createComment(" "));
  }
  return root.innerHTML;
})()`;

const hydrate = args.includes("--hydrate");
const page = await withPhoneTab(api, signInAsPractice, async (tab, baseUrl) => {
  // With a line in the cart, as lighthouse.ts audits the pages (the header shows the count).
  if (hydrate) await addFirstProductToCart(tab, baseUrl);
  await tab.goto(new URL(path, baseUrl).href, { waitUntil: "networkidle0" });
  return {
    root: String(await tab.evaluate(ROOT_HTML)),
    styles: (await tab.$$eval("head style[data-mantine-styles]", (tags) => tags.map((t) => t.outerHTML))).join("\n"),
    stylesheets: await tab.$$eval('head link[rel="stylesheet"]', (links) =>
      links.map((l) => l.getAttribute("href") ?? "").filter(Boolean),
    ),
  };
});

rmSync(out, { recursive: true, force: true });
cpSync(dist, out, { recursive: true });
let html = readFileSync(join(out, "index.html"), "utf8");
const linked = new Set(Array.from(html.matchAll(/href="([^"]+\.css)"/g), (m) => m[1]));
const links = page.stylesheets
  .filter((href) => !linked.has(href))
  .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
html = html.replace("</head>", `${links.join("\n")}\n${page.styles}\n</head>`);
const rootTag = hydrate ? '<div id="root" data-prerendered>' : '<div id="root">';
html = html.replace(/<div id="root">[\s\S]*<\/div>\s*<\/body>/, () => `${rootTag}${page.root}</div>\n</body>`);
if (args.includes("--scripts-after-paint")) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  const boot = html.indexOf("<script>setTimeout(function () {");
  if (!entry || boot === -1) throw new Error("index.html is not shaped as this tool expects (entry, boot script)");
  html = html.replace(entry[0], "");
  html = html.replace(
    "<script>setTimeout(function () {",
    `<script>requestAnimationFrame(function () { setTimeout(function () {\n  var entry = document.createElement("script"); entry.type = "module"; entry.crossOrigin = ""; entry.src = ${JSON.stringify(entry[1])}; document.head.appendChild(entry);`,
  );
  const end = html.indexOf("}, 0);\n</script>", boot);
  html = `${html.slice(0, end)}}, 0); });\n</script>${html.slice(end + "}, 0);\n</script>".length)}`;
}
writeFileSync(join(out, "index.html"), html);
const brotli = brotliCompressSync(html);
writeFileSync(join(out, "index.html.br"), brotli);
writeFileSync(join(out, "index.html.gz"), gzipSync(html));
console.log(`${out}/index.html: ${path} as drawn, ${Buffer.byteLength(html)} bytes (${brotli.length} Brotli'd)`);
