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

interface LiveProcess {
  pid: number;
  /** Its command line and working directory. */
  text: string;
}

/** Every live process with its command line and working directory (Linux /proc; empty elsewhere). */
function liveProcesses(): LiveProcess[] {
  if (!existsSync('/proc')) return [];
  const found: LiveProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        // Not ours to read.
      }
      found.push({ pid: Number(entry), text: `${cmdline} ${cwd}` });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** Whether `text` names `dir` itself or a path inside it (not merely a sibling whose name starts the same). */
function mentions(text: string, dir: string): boolean {
  return text.split(/[\s=:]+/).some((word) => word === dir || word.startsWith(`${dir}/`));
}

/**
 * Removes the throw-away directories of runs that were killed before they could clean up (SIGKILL, a closed
 * terminal): a directory is kept while its owner lives and, when it names no owner, for six hours. The servers a
 * killed run left behind (they run in process groups of their own) still name its directory: they are killed first,
 * when the directory names its dead owner; a directory without an owner that a live process names is kept. Returns
 * the directories removed.
 */
export function sweepStaleDirs(tempDir: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(tempDir).filter((name) => throwAwayPrefixes.some((prefix) => name.startsWith(prefix)));
  } catch {
    return [];
  }
  if (names.length === 0) return [];
  const processes = liveProcesses();
  const removed: string[] = [];
  for (const name of names) {
    const dir = join(tempDir, name);
    try {
      const owner = existsSync(join(dir, ownerFile)) ? Number.parseInt(readFileSync(join(dir, ownerFile), 'utf8'), 10) : undefined;
      if (owner !== undefined && Number.isInteger(owner) && alive(owner)) continue;
      if (owner === undefined && now - statSync(dir).mtimeMs < unownedMaxAgeMs) continue;
      const leftBehind = processes.filter((candidate) => candidate.pid !== process.pid && mentions(candidate.text, dir));
      if (leftBehind.length > 0) {
        if (owner === undefined) continue;
        for (const { pid } of leftBehind) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Gone meanwhile.
          }
        }
      }
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      removed.push(dir);
    } catch {
      // Someone else's, or removed meanwhile: left alone.
    }
  }
  return removed;
}
