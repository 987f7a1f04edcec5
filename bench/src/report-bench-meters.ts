import { readFileSync } from "node:fs";

/** What the report benchmark measures a download with (report-bench.ts): CSV rows in a stream, a process's memory. */

/** Counts CSV records in a byte stream without buffering it (newlines outside quotes). */
export class CsvCounter {
  records = 0;
  bytes = 0;
  private inQuote = false;
  private last = 0x0a;
  push(chunk: Uint8Array) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.bytes += buf.length;
    if (!buf.length) return;
    this.last = buf[buf.length - 1] as number;
    if (!this.inQuote && buf.indexOf(0x22) === -1) {
      for (let i = buf.indexOf(0x0a); i !== -1; i = buf.indexOf(0x0a, i + 1)) this.records++;
      return;
    }
    for (let i = 0; i < buf.length; i++) {
      const c = buf[i];
      if (c === 0x22) this.inQuote = !this.inQuote;
      else if (c === 0x0a && !this.inQuote) this.records++;
    }
  }
  /** Data rows: records without the header row. */
  get rows() {
    const records = this.records + (this.bytes && this.last !== 0x0a ? 1 : 0);
    return Math.max(0, records - 1);
  }
}

/** Samples a process's resident set size (VmRSS) every 50 ms. */
export function rssSampler(pid: number) {
  const read = () => {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  };
  const before = read();
  let max = before;
  const timer = setInterval(() => {
    max = Math.max(max, read());
  }, 50);
  return {
    before,
    stop() {
      clearInterval(timer);
      max = Math.max(max, read());
      return { before, max, growth: max - before };
    },
  };
}
