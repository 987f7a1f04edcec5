import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OUTPUT_DIR, outlinedAssets, outlineSvg } from "../../build/outline-svg-text.ts";

/** The box around every point of relative path data (end and control points). */
function bounds(d: string) {
  const box = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
  let [x, y, startX, startY] = [0, 0, 0, 0];
  for (const [, command = "", args = ""] of d.matchAll(/([mlqcz])([^mlqcz]*)/g)) {
    if (command === "z") {
      [x, y] = [startX, startY];
      continue;
    }
    const numbers = (args.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    const [fromX, fromY] = [x, y];
    for (let i = 0; i < numbers.length; i += 2) {
      const [px, py] = [fromX + (numbers[i] ?? 0), fromY + (numbers[i + 1] ?? 0)];
      box.left = Math.min(box.left, px);
      box.right = Math.max(box.right, px);
      box.top = Math.min(box.top, py);
      box.bottom = Math.max(box.bottom, py);
      [x, y] = [px, py];
    }
    if (command === "m") [startX, startY] = [x, y];
  }
  return box;
}

describe("pictures with words (build/outline-svg-text.ts)", () => {
  it("are committed as their sources outlined: edit src/assets/text/, then run outline-svg-text", () => {
    const outputs = outlinedAssets();
    expect([...outputs.keys()]).toEqual(["insurance-banner-compact.svg", "insurance-banner-wide.svg", "logo.svg"]);
    for (const [name, svg] of outputs) {
      expect(readFileSync(join(OUTPUT_DIR, name), "utf8"), name).toBe(svg);
      expect(svg, name).not.toMatch(/<text\b|font-family/);
    }
  });

  it("draws each run of words where the browser would, anchored at its middle", () => {
    const svg = outlineSvg(
      '<svg><text x="100" y="50" font-size="20" font-weight="700" text-anchor="middle" fill="#fff">Vet</text></svg>',
      "t.svg",
    );
    const [, fill, d = ""] = svg.match(/<path fill="([^"]+)" d="([^"]+)"\/>/) ?? [];
    expect(fill).toBe("#fff");
    const box = bounds(d);
    // Centred on x = 100 (within the glyphs' side bearings), sitting on the baseline at y = 50.
    expect(Math.abs((box.left + box.right) / 2 - 100)).toBeLessThan(2);
    expect(box.right - box.left).toBeGreaterThan(25);
    expect(box.right - box.left).toBeLessThan(45);
    expect(box.bottom).toBeCloseTo(50, 0);
    expect(box.top).toBeGreaterThan(30);
  });

  it("refuses what it cannot draw rather than drawing it wrong", () => {
    expect(() => outlineSvg('<svg><text x="0" y="0">Next →</text></svg>', "a.svg")).toThrow(/no "→"/);
    expect(() => outlineSvg('<svg><text x="0" y="0" font-style="italic">Hi</text></svg>', "b.svg")).toThrow(
      /font-style/,
    );
    expect(() => outlineSvg('<svg><text font-weight="300">Hi</text></svg>', "c.svg")).toThrow(/font-weight 300/);
    expect(() => outlineSvg('<svg><text text-anchor="left">Hi</text></svg>', "d.svg")).toThrow(/text-anchor/);
    expect(() => outlineSvg('<svg><text font-size="12px">Hi</text></svg>', "e.svg")).toThrow(/not a number/);
  });
});
