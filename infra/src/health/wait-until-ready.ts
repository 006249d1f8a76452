import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ManagedProcess } from '../process/managed-process.ts';

export interface ReadinessOptions {
  /** What is being waited for, as the error should name it ("PostgreSQL on 127.0.0.1:54329"). */
  what: string;
  timeoutMs: number;
  intervalMs?: number;
  /** The server being waited on: a crash ends the wait at once instead of after the timeout. */
  process?: ManagedProcess;
  /** Errors that no amount of waiting fixes (wrong password): reported at once instead of after the timeout. */
  fatal?: (error: unknown) => boolean;
  /** Ends the wait early (Ctrl-C during start-up). */
  signal?: AbortSignal;
}

/**
 * Polls a probe until it answers true. The probe may throw; the last error is kept for the failure message, which
 * also carries the tail of the server's log so the reason is on screen rather than one file away.
 */
export async function waitUntilReady(probe: () => Promise<boolean>, options: ReadinessOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let lastProblem = 'no answer yet';
  for (;;) {
    options.signal?.throwIfAborted();
    if (options.process !== undefined && !options.process.running) {
      const exit = await options.process.exited;
      throw new Error(
        `${options.what}: ${options.process.name} exited (${exit.signal ?? `code ${exit.code}`}) before it was ready${logHint(options.process)}`,
      );
    }
    try {
      if (await probe()) return;
    } catch (error) {
      if (options.fatal?.(error) === true) {
        throw new Error(`${options.what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `${options.what} was not ready after ${Math.round(options.timeoutMs / 1000)}s (last probe: ${lastProblem})${logHint(options.process)}`,
      );
    }
    await sleep(options.intervalMs ?? 250, undefined, options.signal ? { signal: options.signal } : {});
  }
}

function logHint(child: ManagedProcess | undefined): string {
  if (child?.logFile === undefined) return '';
  let tail: string;
  try {
    tail = readFileSync(child.logFile, 'utf8').trimEnd().split('\n').slice(-15).join('\n    ');
  } catch {
    return `; its log ${child.logFile} is missing`;
  }
  return `; see ${child.logFile}, which ends with:\n    ${tail}`;
}
