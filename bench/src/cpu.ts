/**
 * CPU seconds a set of processes and all their descendants have used (Linux /proc): the load
 * benchmark's "CPU per request" (decision 038), which a machine shared with other work disturbs far
 * less than requests per second. A process that exits during a row takes its CPU with it (pooled
 * connections live through a row).
 */
import { readdirSync, readFileSync } from "node:fs";

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

/** The CPU seconds `roots` and their descendants have used so far. */
export function cpuSeconds(roots: readonly number[]): number {
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
  let ticks = 0;
  for (const pid of inTree) ticks += all.get(pid)?.ticks ?? 0;
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
