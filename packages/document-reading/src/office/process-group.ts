import { readdir, readFile } from 'node:fs/promises';

/** SIGKILL to every process of the group (a detached child leads its own); a group already gone is fine. */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // ESRCH: nothing left to kill.
  }
}

/**
 * The ids of the group's processes that are still running. Zombies are left out: a killed helper whose parent died is
 * reparented to PID 1, and in a container PID 1 may never reap it, though it holds nothing but its process id.
 */
export async function liveGroupMembers(pgid: number): Promise<number[]> {
  const live: number[] = [];
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // Fields after the command (which may contain spaces and parentheses): state ppid pgrp …
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') live.push(Number(name));
  }
  return live;
}

/** Kills the group and waits (bounded) until none of it runs, so a settled conversion has nothing left behind. */
export async function killGroupAndWait(pgid: number, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    killGroup(pgid);
    if ((await liveGroupMembers(pgid)).length === 0 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
