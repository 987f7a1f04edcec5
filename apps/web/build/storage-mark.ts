import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The mark of this build's sources (decision 034, lever 56): a digest of the contract's and the web's
 * modules, tests left out. The web writes it beside what it stores in the browser
 * (src/lib/storage-mark.ts); a value under the same mark was written by a build of these sources and
 * is read without building its zod schema, any other is checked against the schema first. The same
 * sources give the same mark, so a build that changes none of them keeps every browser's copy.
 */
export function storageMark(dirs: string[]): string {
  const hash = createHash("sha256");
  for (const dir of dirs) {
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .sort();
    for (const file of files) hash.update(`${relative(dir, join(dir, file))}\0`).update(readFileSync(join(dir, file)));
  }
  return hash.digest("hex").slice(0, 16);
}
