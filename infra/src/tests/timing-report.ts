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

/** The `count` slowest test files, slowest first. */
export function slowestFiles(times: readonly FileTime[], count = 15): string {
  const rows = [...times]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((time) => [`${time.file}`, time.seconds] as const);
  return table(`the ${count} slowest test files`, rows);
}
