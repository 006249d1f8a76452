import { readFileSync } from 'node:fs';

/** A pid plus its kernel start time: pids are reused, the pair is not. */
export interface ProcessIdentity {
  pid: number;
  startTime: string;
}

function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces): state is field 3, starttime field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie has exited and merely waits to be reaped (an orphan under a lazy reaper): it is gone for our purposes.
    if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
    return fields[19];
  } catch {
    return undefined;
  }
}

export function identify(pid: number): ProcessIdentity | undefined {
  const startTime = startTimeOf(pid);
  return startTime === undefined ? undefined : { pid, startTime };
}

/** Whether the very process that was recorded is still running (not merely some process with the same pid). */
export function stillRunning(identity: ProcessIdentity): boolean {
  return startTimeOf(identity.pid) === identity.startTime;
}
