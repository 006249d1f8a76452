import { setTimeout as sleep } from 'node:timers/promises';
import { groupAlive } from './group-alive.ts';
import { stillRunning, type ProcessIdentity } from './process-identity.ts';

/**
 * Stops a process group known only from a record (a crashed orchestrator's children): SIGTERM (SIGINT for
 * PostgreSQL, whose SIGTERM waits for clients), SIGKILL after the grace period. Does nothing when the recorded
 * process is gone, so a reused pid is never signalled.
 */
export async function stopRecordedProcess(identity: ProcessIdentity & { name: string }, graceMs = 10_000): Promise<boolean> {
  if (!stillRunning(identity)) return false;
  const signal = identity.name === 'postgres' ? 'SIGINT' : 'SIGTERM';
  try {
    process.kill(-identity.pid, signal);
  } catch {
    // Not a group leader after all (or already gone): signal the process itself.
    try {
      process.kill(identity.pid, signal);
    } catch {
      return false;
    }
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && (stillRunning(identity) || groupAlive(identity.pid))) await sleep(100);
  if (stillRunning(identity) || groupAlive(identity.pid)) {
    try {
      process.kill(-identity.pid, 'SIGKILL');
    } catch {
      if (stillRunning(identity)) process.kill(identity.pid, 'SIGKILL');
    }
  }
  return true;
}
