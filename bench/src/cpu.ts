/**
 * CPU seconds a set of processes and all their descendants have used (Linux /proc): the load
 * benchmark's "CPU per request" (decision 038), which a machine shared with other work disturbs far
 * less than requests per second. Counted per process (cpuSince): a process that exits during a row
 * (a pooled connection closed after its idle time) takes only its own CPU with it, and its CPU from
 * before the row is not taken off the row's.
 */
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

const TICKS_PER_SECOND = 100;

function stat(pid: number): { ppid: number; ticks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The name (field 2) may hold spaces and parentheses: the fields after its last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // After the name: state(3) ppid(4) … utime(14) stime(15), here indexes 0, 1, 11, 12.
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** The CPU ticks each of `roots` and their descendants has used so far, by pid. */
export function cpuTicks(roots: readonly number[]): Map<number, number> {
  const all = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const s = stat(pid);
    if (s) all.set(pid, s);
  }
  const inTree = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, s] of all)
      if (!inTree.has(pid) && inTree.has(s.ppid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  const ticks = new Map<number, number>();
  for (const pid of inTree) {
    const s = all.get(pid);
    if (s) ticks.set(pid, s.ticks);
  }
  return ticks;
}

/** The CPU seconds `roots` and their descendants have used since `before` (cpuTicks), process by process. */
export function cpuSince(before: ReadonlyMap<number, number>, roots: readonly number[]): number {
  let ticks = 0;
  for (const [pid, now] of cpuTicks(roots)) ticks += now - (before.get(pid) ?? 0);
  return ticks / TICKS_PER_SECOND;
}

/** The postmaster's pid of a PostgreSQL data directory (its postmaster.pid's first line). */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n")[0]) || undefined;
  } catch {
    return undefined;
  }
}

/** The machine's busy and total CPU ticks so far (/proc/stat's first line; idle and iowait are idle). */
function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * Waits until the whole machine has been at most `busy` (a share of all its cores) over a window of
 * `windowMs`, for at most `timeoutMs`; answers the last window's share. What a run measures after a
 * storm (Lighthouse after bench:load's) is then the page, not the storm's aftermath (a database's
 * checkpoint and autovacuum).
 */
export async function untilIdle(busy: number, windowMs: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const before = machineTicks();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = machineTicks();
    const share = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (share <= busy || Date.now() >= deadline) return share;
  }
}

/**
 * `--wait-quiet SECONDS` of the runners: waits, at most that long, for the 1-minute load average to
 * fall below 0.5 before a run starts (a slow signal, for a machine left busy by other work; after a
 * run's own storm, untilIdle).
 */
export async function waitQuiet(seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while ((os.loadavg()[0] ?? 0) >= 0.5 && Date.now() < deadline) {
    console.log(`Waiting for a quiet machine: load ${(os.loadavg()[0] ?? 0).toFixed(2)}`);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
}
