import { openSync, readFileSync, renameSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import { identify, type ProcessIdentity } from './process/process-identity.ts';

/** What a running `npm start` leaves in the cache: its own pid and the process groups it leads. */
export interface InstanceRecord {
  orchestrator: ProcessIdentity;
  startedAt: string;
  children: (ProcessIdentity & { name: string })[];
}

export function readInstance(file: string): InstanceRecord | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as InstanceRecord;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // A torn or hand-edited file carries no usable pid; treat it as absent rather than blocking every start.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/**
 * Creates the record only if none exists (O_EXCL), so two starts racing each other cannot both win. Returns false
 * when another record is already there; the caller decides whether it is stale.
 */
export function claimInstance(file: string): boolean {
  const self = identify(process.pid);
  if (self === undefined) throw new Error('cannot read /proc/self/stat: this orchestrator needs Linux /proc');
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  const record: InstanceRecord = { orchestrator: self, startedAt: new Date().toISOString(), children: [] };
  writeFileSync(fd, `${JSON.stringify(record, null, 2)}\n`);
  closeSync(fd);
  return true;
}

export function recordChildren(file: string, children: { name: string; pid: number }[]): void {
  const record = readInstance(file);
  if (record === undefined) return;
  record.children = children.flatMap(({ name, pid }) => {
    const identity = identify(pid);
    return identity === undefined ? [] : [{ name, ...identity }];
  });
  // Write-then-rename: a reader (npm run stop) never sees half a file.
  writeFileSync(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

export function releaseInstance(file: string): void {
  rmSync(file, { force: true });
}
