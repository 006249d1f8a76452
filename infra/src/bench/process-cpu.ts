import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports CPU time in USER_HZ ticks, 100 a second on every architecture it runs on. */
const MS_PER_TICK = 10;

/**
 * CPU time (user + system, milliseconds) used so far by each named process and every process below it: the
 * orchestrator records the processes it started, and PostgreSQL's backends (in a session of the postmaster's own)
 * count for "postgres". Processes that exited are not counted; the platform's long-lived ones are what a benchmark
 * compares.
 */
export function cpuMsByGroup(groups: readonly { name: string; pid: number }[]): Map<string, number> {
  const processes = new Map<number, { parent: number; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // After "pid (comm) ": state, ppid, … utime and stime are the 12th and 13th of these fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    processes.set(Number(entry), { parent: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK });
  }
  const nameOf = new Map(groups.map((g) => [g.pid, g.name]));
  const used = new Map(groups.map((g) => [g.name, 0]));
  for (const [pid, { ms }] of processes) {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = processes.get(at)?.parent) {
      const name = nameOf.get(at);
      if (name !== undefined) {
        used.set(name, used.get(name)! + ms);
        break;
      }
    }
  }
  return used;
}

/** What each group used between two readings. */
export function cpuMsBetween(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  return new Map([...after].map(([name, ms]) => [name, ms - (before.get(name) ?? 0)]));
}
