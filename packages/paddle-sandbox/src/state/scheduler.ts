// What happens later on Paddle's side: a billing period ending (renewal, trial end, a scheduled cancellation). Jobs
// are kept in the store with a due time on the sandbox clock, so they survive a restart. One timer sleeps until the
// nearest; moving the clock forward runs each job that falls due on the way, at its own due time, in order.
import type { SandboxClock } from './clock.js';
import type { Job, JobKind, Store } from './store.js';

/** Node's timers cannot sleep longer than about 24.8 days; wake at least this often and look again. */
const LONGEST_SLEEP_MS = 60_000;

export class Scheduler {
  private readonly handlers = new Map<JobKind, (ref: string) => void>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly store: Store,
    private readonly clock: SandboxClock,
    private readonly onError: (error: unknown, job: Job) => void,
  ) {}

  handle(kind: JobKind, handler: (ref: string) => void): void {
    this.handlers.set(kind, handler);
  }

  /** Schedules `kind` for `ref` at `dueAtMs`, replacing an earlier one for the same pair. */
  at(kind: JobKind, ref: string, dueAtMs: number): void {
    this.cancel(kind, ref);
    this.store.internal.jobs.push({ kind, ref, dueAtMs });
    this.store.changed();
    this.wake();
  }

  cancel(kind: JobKind, ref: string): void {
    this.store.internal.jobs = this.store.internal.jobs.filter((job) => job.kind !== kind || job.ref !== ref);
  }

  advance(ms: number): void {
    const target = this.clock.nowMs() + ms;
    this.runUntil(target);
    this.clock.moveTo(target);
    this.wake();
  }

  start(): void {
    this.running = true;
    this.runUntil(this.clock.nowMs());
    this.wake();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private runUntil(limitMs: number): void {
    for (let job = this.earliest(); job && job.dueAtMs <= limitMs; job = this.earliest()) {
      this.clock.moveTo(job.dueAtMs);
      this.store.internal.jobs = this.store.internal.jobs.filter((j) => j !== job);
      try {
        this.handlers.get(job.kind)?.(job.ref);
      } catch (error) {
        this.onError(error, job);
      }
      this.store.changed();
    }
  }

  private earliest(): Job | undefined {
    return this.store.internal.jobs.reduce<Job | undefined>((first, job) => (!first || job.dueAtMs < first.dueAtMs ? job : first), undefined);
  }

  private wake(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.earliest();
    if (!this.running || !next) return;
    this.timer = setTimeout(
      () => {
        this.runUntil(this.clock.nowMs());
        this.wake();
      },
      Math.min(Math.max(next.dueAtMs - this.clock.nowMs(), 0), LONGEST_SLEEP_MS),
    );
    this.timer.unref();
  }
}
