import { readFileSync, writeFileSync } from "node:fs";

/**
 * Writes a benchmark's results into bench/README.md between `<!-- NAME:start -->` and
 * `<!-- NAME:end -->`, replacing what was there; without the markers, appends them under `heading`.
 */
export function writeReadmeBlock(readme: string, name: string, heading: string, markdown: string) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = readFileSync(readme, "utf8");
  const block = `${start}\n${markdown}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  const next =
    i !== -1 && j > i
      ? `${text.slice(0, i)}${block}${text.slice(j + end.length)}`
      : `${text.trimEnd()}\n\n## ${heading}\n\n${block}\n`;
  writeFileSync(readme, next);
}
