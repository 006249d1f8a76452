import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports CPU time in USER_HZ ticks, 100 a second on every architecture it runs on. */
const MS_PER_TICK = 10;

/**
 * CPU time (user + system, milliseconds) used so far by each named process group: the orchestrator starts every
 * component and app as the leader of its own group, so PostgreSQL's backends count for "postgres". Processes that
 * exited are not counted; the platform's long-lived ones are what a benchmark compares.
 */
export function cpuMsByGroup(groups: readonly { name: string; pid: number }[]): Map<string, number> {
  const nameOfGroup = new Map(groups.map((g) => [g.pid, g.name]));
  const used = new Map(groups.map((g) => [g.name, 0]));
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // After "pid (comm) ": state, ppid, pgrp, … utime and stime are the 12th and 13th of these fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const name = nameOfGroup.get(Number(fields[2]));
    if (name !== undefined) used.set(name, used.get(name)! + (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK);
  }
  return used;
}

/** What each group used between two readings. */
export function cpuMsBetween(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  return new Map([...after].map(([name, ms]) => [name, ms - (before.get(name) ?? 0)]));
}
