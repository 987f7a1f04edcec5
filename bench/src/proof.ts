/**
 * How long a proof takes (issue 24 §3: under 300 ms): the demo postcard's template with a brand and
 * a logo, rendered to the watermarked PDF and rasterised to the preview (WebP), as /api/proof/query
 * does, and the print file of one line. Run: npm run bench:proof (from the repository root).
 */
import { loadavg } from "node:os";
import type { TemplateField } from "@vetportal/contract";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { PREVIEW_PX } from "../../apps/api/src/modules/print/print.service.ts";
import { previewDataUrl } from "../../apps/api/src/modules/print/raster.ts";
import { MM, renderPrint, renderProof } from "../../apps/api/src/modules/print/render.ts";

const RUNS = Number(process.env.RUNS ?? 40);

async function basePdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([148 * MM, 105 * MM]);
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawRectangle({ x: 0, y: 210, width: 420, height: 88, color: rgb(0.1, 0.4, 0.55) });
  page.drawText("Time for a dental check-up", { x: 22, y: 250, size: 18, font, color: rgb(1, 1, 1) });
  return Buffer.from(await doc.save());
}

const field = (kind: TemplateField["kind"], x: number, y: number, width: number, height: number): TemplateField => ({
  kind,
  x,
  y,
  width,
  height,
  font: "Helvetica",
  size: 12,
  min_size: 7,
  color: "#1f2933",
  align: "left",
});

function stats(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5).toFixed(1), p95: at(0.95).toFixed(1), max: (sorted.at(-1) ?? 0).toFixed(1) };
}

async function time(label: string, fn: () => Promise<unknown>) {
  await fn(); // warm-up: fonts, the WebAssembly rasteriser
  const ms: number[] = [];
  // The CPU the process used for the run (every thread: sharp encodes on libuv's pool), which the
  // other processes sharing the machine do not inflate as they do the wall-clock time.
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    await fn();
    ms.push(performance.now() - start);
    const { user, system } = process.cpuUsage(used);
    cpu.push((user + system) / 1000);
  }
  const t = stats(ms);
  console.log(
    `${label.padEnd(34)} median ${t.median} ms · p95 ${t.p95} ms · max ${t.max} ms · CPU median ${stats(cpu).median} ms`,
  );
}

const logo = await sharp({ create: { width: 480, height: 200, channels: 4, background: "#2f855a" } })
  .png()
  .toBuffer();
const template = {
  base_pdf: await basePdf(),
  bleed_mm: 3,
  fields: [
    field("logo", 92, 33, 48, 22),
    field("practice_name", 8, 66, 80, 9),
    field("address", 8, 76, 80, 10),
    field("phone", 8, 88, 80, 6),
    field("qr", 112, 62, 28, 28),
  ],
};
const brand = {
  display_name: "Happy Paws Veterinary Clinic",
  address_lines: "120 Market Street\nSan Francisco, CA 94105",
  phone: "415-555-0100",
  website: "https://happypaws.test/book",
  hours: "Mon-Fri 8am-6pm",
  logo_png: logo,
};

// A logo of its own for every run (a pixel differs): each such proof is the first of its brand
// version in the process, so the logo's decoded streams are made, not reused (render-cache.ts).
const freshLogos = await Promise.all(
  Array.from({ length: RUNS + 1 }, (_, i) =>
    sharp({ create: { width: 480, height: 200, channels: 4, background: "#2f855a" } })
      .composite([
        {
          input: Buffer.from([i % 256, Math.floor(i / 256), 0, 255]),
          raw: { width: 1, height: 1, channels: 4 },
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer(),
  ),
);
let fresh = 0;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
console.log(`proof benchmark, ${RUNS} runs each after a warm-up; load average ${load()}`);
await time("proof PDF (pdf-lib)", () => renderProof(template, brand));
await time("proof PDF + preview WebP (mupdf, sharp)", async () =>
  previewDataUrl(await renderProof(template, brand), PREVIEW_PX),
);
await time("the same, a new logo each run", async () =>
  previewDataUrl(await renderProof(template, { ...brand, logo_png: freshLogos[fresh++] as Buffer }), PREVIEW_PX),
);
await time("print file, one line", () => renderPrint(template, brand));
console.log(`load average at the end ${load()}`);
