// Adds lock entries for platform binaries (Biome's, Rollup's, …) that this machine's npm registry
// does not serve. npm records an optional dependency only when it can read its manifest, and
// `npm ci` then refuses the lock ("Missing: … from lock file"). Each stub is marked optional with
// the os/cpu/libc its name states, so npm skips it here and never fetches it. Run it after any
// `npm install` that rewrites package-lock.json: `node scripts/lockfile-platform-stubs.mjs`.
// Decision record: docs/decisions/007-lockfile-platform-stubs.md.
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["aix", "android", "darwin", "freebsd", "linux", "netbsd", "openbsd", "openharmony", "sunos", "win32"];
const CPU = ["arm64", "arm", "ia32", "loong64", "ppc64", "riscv64", "s390x", "x64"];

/** os/cpu/libc from a name like @rollup/rollup-linux-arm64-musl; undefined when it names no platform. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return undefined;
  const libc = parts.some((p) => p.startsWith("musl")) ? "musl" : os === "linux" ? "glibc" : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;
const present = new Set(Object.keys(packages).map((key) => key.replace(/^.*node_modules\//, "")));
let added = 0;
for (const entry of Object.values(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (present.has(name)) continue;
    const platform = platformOf(name);
    // This machine's own platform must come from the registry, never from a stub.
    if (!platform || (platform.os[0] === "linux" && platform.cpu[0] === "x64" && platform.libc?.[0] === "glibc"))
      continue;
    packages[`node_modules/${name}`] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    present.add(name);
    added++;
  }
}
const order = ([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0);
lock.packages = Object.fromEntries(Object.entries(packages).sort(order));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `added ${added} platform entries` : "lock already complete");
