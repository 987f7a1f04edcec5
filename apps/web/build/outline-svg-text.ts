/**
 * Writes the web's pictures with words (the logo, the home page's banners) with their words as
 * outlines: `src/assets/text/NAME.svg`, which holds `<text>`, becomes `src/assets/NAME.svg`, which
 * holds the same words as `<path>`s drawn from Inter, the theme's font (decision 052).
 *
 *   npm run outline-svg-text --workspace=apps/web      (after editing a file in src/assets/text/)
 *
 * An `<img>` of an SVG is a document of its own: Chromium lays out and shapes each `<text>` in it
 * on the main thread, with whatever font the device has under the names given (the portal loads no
 * Inter, so the logo was drawn in Liberation Sans here, Roboto on Android). Outlines look the same
 * everywhere and cost a fraction to paint. `src/assets/outlined-assets.test.ts` keeps the outputs
 * in step with their sources.
 *
 * The sources use a small part of SVG's text, and anything else is refused: a `<text>` with `x`,
 * `y`, `font-family` (drawn in Inter whatever it says), `font-size`, `font-weight` (400, 600, 700
 * or 800), `letter-spacing`, `text-anchor` (start, middle or end), `fill` and `fill-opacity`,
 * holding either words or `<tspan>`s that set their own `font-weight`, `fill` and `dx`. Inter's
 * Latin subset has no arrows: draw one as a path.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { create, type Font, type Glyph } from "fontkit";

const WEIGHTS = [400, 600, 700, 800] as const;
const require = createRequire(import.meta.url);
const assets = join(dirname(fileURLToPath(import.meta.url)), "../src/assets");
export const SOURCE_DIR = join(assets, "text");
export const OUTPUT_DIR = assets;

const fonts = new Map<number, Font>();
function inter(weight: number): Font {
  if (!(WEIGHTS as readonly number[]).includes(weight)) throw new Error(`font-weight ${weight}: use one of ${WEIGHTS}`);
  let font = fonts.get(weight);
  if (!font) {
    const file = require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
    font = create(readFileSync(file)) as Font;
    fonts.set(weight, font);
  }
  return font;
}

type Attributes = Record<string, string>;
const TEXT_ATTRIBUTES = [
  "x",
  "y",
  "font-family",
  "font-size",
  "font-weight",
  "letter-spacing",
  "text-anchor",
  "fill",
  "fill-opacity",
];
const TSPAN_ATTRIBUTES = ["font-weight", "fill", "dx"];

function attributes(source: string, allowed: string[], where: string): Attributes {
  const found: Attributes = {};
  for (const [, name = "", value = ""] of source.matchAll(/([\w-]+)="([^"]*)"/g)) {
    if (!allowed.includes(name)) throw new Error(`${where}: ${name}="${value}" is not supported here`);
    found[name] = value;
  }
  return found;
}

const unescapeXml = (s: string) =>
  s.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, e: string) => ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" })[e] ?? e,
  );

interface Run {
  text: string;
  weight: number;
  fill: string | undefined;
  dx: number;
}

/** A number as short as SVG allows at a tenth of a pixel: `.5`, `-.5`, `12`. */
const short = (n: number) => {
  const text = String(Math.round(n * 10) / 10);
  return text.replace(/^(-?)0\./, "$1.");
};
const LETTERS = { moveTo: "m", lineTo: "l", quadraticCurveTo: "q", bezierCurveTo: "c", closePath: "z" } as const;

/**
 * Path data written with relative commands, each point rounded to a tenth of a pixel and written
 * from the rounded point before it, so the rounding never adds up along an outline. A path's
 * first `m` is from (0, 0), which SVG reads as absolute.
 */
class PathData {
  d = "";
  private pen: [number, number] = [0, 0];
  private start: [number, number] = [0, 0];

  /** A glyph's outline at `scale` from font units (y up), its origin at (x, y) (y down). */
  glyph(glyph: Glyph, x: number, y: number, scale: number) {
    const round = (n: number) => Math.round(n * 10) / 10;
    for (const { command, args } of glyph.path.commands) {
      if (command === "closePath") {
        this.d += "z";
        this.pen = this.start;
        continue;
      }
      const from = this.pen;
      let numbers = "";
      for (let i = 0; i + 1 < args.length; i += 2) {
        const point: [number, number] = [round(x + (args[i] ?? 0) * scale), round(y - (args[i + 1] ?? 0) * scale)];
        for (const n of [point[0] - from[0], point[1] - from[1]]) {
          const text = short(n);
          numbers += numbers && !text.startsWith("-") ? ` ${text}` : text;
        }
        this.pen = point;
      }
      if (command === "moveTo") this.start = this.pen;
      this.d += LETTERS[command as keyof typeof LETTERS] + numbers;
    }
  }
}

/** An attribute's number (`fallback` when it is absent); anything but a number is refused. */
function numberOf(attributes: Attributes, name: string, fallback: number, where: string): number {
  const value = attributes[name];
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!value.trim() || !Number.isFinite(number)) throw new Error(`${where}: ${name}="${value}" is not a number`);
  return number;
}

/** One `<text>` element as `<path>`s, one per run of one weight and colour. */
function outlineText(open: string, body: string, where: string): string {
  const own = attributes(open, TEXT_ATTRIBUTES, where);
  const size = numberOf(own, "font-size", 16, where);
  const spacing = numberOf(own, "letter-spacing", 0, where);
  const runs: Run[] = [];
  const weight = numberOf(own, "font-weight", 400, where);
  if (body.includes("<")) {
    for (const [, tspan = "", text = ""] of body.matchAll(/<tspan\b([^>]*)>([^<]*)<\/tspan>/g)) {
      const a = attributes(tspan, TSPAN_ATTRIBUTES, where);
      runs.push({
        text: unescapeXml(text),
        weight: numberOf(a, "font-weight", weight, where),
        fill: a.fill,
        dx: numberOf(a, "dx", 0, where),
      });
    }
    if (body.replace(/<tspan\b[^>]*>[^<]*<\/tspan>/g, "").trim()) throw new Error(`${where}: words outside a <tspan>`);
  } else runs.push({ text: unescapeXml(body.trim()), weight, fill: undefined, dx: 0 });

  const laid = runs.map((run) => {
    const font = inter(run.weight);
    for (const char of run.text) {
      if (!font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) {
        throw new Error(`${where}: Inter's Latin subset has no "${char}"; draw it as a path`);
      }
    }
    const { glyphs, positions } = font.layout(run.text);
    const scale = size / font.unitsPerEm;
    // SVG's letter-spacing comes after every character, the last one's too.
    const width = positions.reduce((sum, position) => sum + position.xAdvance * scale + spacing, 0);
    return { run, glyphs, positions, scale, width };
  });
  const total = laid.reduce((sum, { run, width }) => sum + run.dx + width, 0);
  const anchor = own["text-anchor"] ?? "start";
  const shift = { start: 0, middle: total / 2, end: total }[anchor];
  if (shift === undefined) throw new Error(`${where}: text-anchor="${anchor}" is not supported`);

  let x = numberOf(own, "x", 0, where) - shift;
  const y = numberOf(own, "y", 0, where);
  const paths: string[] = [];
  for (const { run, glyphs, positions, scale } of laid) {
    x += run.dx;
    const path = new PathData();
    glyphs.forEach((glyph, i) => {
      const position = positions[i];
      if (!position) return;
      path.glyph(glyph, x + position.xOffset * scale, y - position.yOffset * scale, scale);
      x += position.xAdvance * scale + spacing;
    });
    const fill = run.fill ?? own.fill;
    const paint = `${fill ? ` fill="${fill}"` : ""}${own["fill-opacity"] ? ` fill-opacity="${own["fill-opacity"]}"` : ""}`;
    paths.push(`<path${paint} d="${path.d}"/>`);
  }
  return paths.join("");
}

/** The source SVG with each `<text>` outlined and each `font-family` dropped. */
export function outlineSvg(source: string, name: string): string {
  let index = 0;
  const outlined = source
    .replace(/<text\b([^>]*)>([\s\S]*?)<\/text>/g, (_, open: string, body: string) =>
      outlineText(open, body, `${name}, <text> ${++index}`),
    )
    .replace(/ font-family="[^"]*"/g, "");
  return outlined.replace(
    /^(<svg\b[^>]*>)/,
    `$1\n  <!-- Generated by apps/web/build/outline-svg-text.ts from text/${name}: edit that file. -->`,
  );
}

/** Each source's outlined picture, by file name. */
export function outlinedAssets(): Map<string, string> {
  const outputs = new Map<string, string>();
  for (const name of readdirSync(SOURCE_DIR)
    .filter((file) => file.endsWith(".svg"))
    .sort()) {
    outputs.set(name, outlineSvg(readFileSync(join(SOURCE_DIR, name), "utf8"), name));
  }
  return outputs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, svg] of outlinedAssets()) {
    writeFileSync(join(OUTPUT_DIR, name), svg);
    console.log(`${name}: ${svg.length} bytes`);
  }
}
