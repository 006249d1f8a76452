import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface FileTime {
  file: string;
  seconds: number;
  /** The jest pass it ran in, e.g. "services/vault integration". */
  pass: string;
}

interface JestTimes {
  testResults?: { name: string; startTime?: number; endTime?: number; perfStats?: { start?: number; end?: number } }[];
}

/** Each test file's wall time from jest's --json report (empty when the report is missing or unreadable). */
export function fileTimes(reportFile: string, pass: string, root: string): FileTime[] {
  let report: JestTimes;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as JestTimes;
  } catch {
    return [];
  }
  return (report.testResults ?? []).flatMap((suite) => {
    const start = suite.perfStats?.start ?? suite.startTime;
    const end = suite.perfStats?.end ?? suite.endTime;
    if (start === undefined || end === undefined || end < start) return [];
    return [{ file: relative(root, suite.name), seconds: (end - start) / 1000, pass }];
  });
}

/** A two-column table, names padded to the longest, seconds right-aligned. */
export function table(title: string, rows: readonly (readonly [string, number])[]): string {
  const width = Math.max(title.length, ...rows.map(([name]) => name.length));
  const lines = rows.map(([name, seconds]) => `  ${name.padEnd(width)}  ${String(Math.round(seconds)).padStart(5)} s`);
  return [title, ...lines].join('\n');
}

/**
 * The passes' table: wall seconds and, where known, the CPU seconds the pass's processes used (on a machine whose
 * cores are all busy, the CPU column says where the run's time goes; the wall column says how long each waited too).
 */
export function passTable(title: string, rows: readonly { label: string; seconds: number; cpuSeconds?: number }[]): string {
  const width = Math.max(title.length, ...rows.map(({ label }) => label.length));
  const lines = rows.map(
    ({ label, seconds, cpuSeconds }) =>
      `  ${label.padEnd(width)}  ${String(Math.round(seconds)).padStart(5)} s${cpuSeconds === undefined ? '' : `  ${String(Math.round(cpuSeconds)).padStart(5)} s CPU`}`,
  );
  return [title, ...lines].join('\n');
}

/**
 * CPU seconds (user + system) of this process's children that have ended and been waited for, from /proc/self/stat
 * (cutime, cstime); read right after a pass's jest exits, the increase since the last reading is that pass's
 * processes (jest, its workers and whatever they started and waited for). Undefined where /proc is not there.
 */
export function endedChildrenCpuSeconds(clockTicksPerSecond = 100): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name (which may hold spaces, in parentheses): cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / clockTicksPerSecond;
  } catch {
    return undefined;
  }
}

/** The `count` slowest test files, slowest first. */
export function slowestFiles(times: readonly FileTime[], count = 15): string {
  const rows = [...times]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((time) => [`${time.file}`, time.seconds] as const);
  return table(`the ${count} slowest test files`, rows);
}
