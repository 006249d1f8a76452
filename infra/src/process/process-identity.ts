import { readFileSync } from 'node:fs';

/** A pid plus its kernel start time: pids are reused, the pair is not. */
export interface ProcessIdentity {
  pid: number;
  startTime: string;
}

function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name in field 2 may contain spaces, so count from the closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
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
