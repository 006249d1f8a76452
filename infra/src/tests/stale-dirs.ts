import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The throw-away directories a test run makes in the temp folder: stack data (`pm-test-`) and jest reports. */
export const throwAwayPrefixes = ['pm-test-', 'pm-jest-reports-'] as const;

const ownerFile = '.owner-pid';
/** A directory that names no owner (made by an older run, or by a jest run on its own) counts as stale after this. */
const unownedMaxAgeMs = 6 * 60 * 60 * 1000;

/** Records which process uses a throw-away directory, so a later run can tell a killed run's leftovers from a live run's. */
export function claimDir(dir: string, pid = process.pid): void {
  writeFileSync(join(dir, ownerFile), `${pid}\n`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Every path a live process names on its command line or works in (Linux /proc; empty elsewhere). */
function pathsInUse(): string[] {
  if (!existsSync('/proc')) return [];
  const used: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      used.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '));
      used.push(readlinkSync(`/proc/${entry}/cwd`));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return used;
}

/**
 * Removes the throw-away directories of runs that were killed before they could clean up (SIGKILL, a closed
 * terminal): a directory is kept while its owner lives, while any live process names it (a server still writing to
 * it) and, when it names no owner, for six hours. Returns the directories removed.
 */
export function sweepStaleDirs(tempDir: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(tempDir).filter((name) => throwAwayPrefixes.some((prefix) => name.startsWith(prefix)));
  } catch {
    return [];
  }
  if (names.length === 0) return [];
  const inUse = pathsInUse();
  const removed: string[] = [];
  for (const name of names) {
    const dir = join(tempDir, name);
    try {
      const owner = existsSync(join(dir, ownerFile)) ? Number.parseInt(readFileSync(join(dir, ownerFile), 'utf8'), 10) : undefined;
      if (owner !== undefined && Number.isInteger(owner) && alive(owner)) continue;
      if (owner === undefined && now - statSync(dir).mtimeMs < unownedMaxAgeMs) continue;
      if (inUse.some((text) => text.includes(dir))) continue;
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      removed.push(dir);
    } catch {
      // Someone else's, or removed meanwhile: left alone.
    }
  }
  return removed;
}
