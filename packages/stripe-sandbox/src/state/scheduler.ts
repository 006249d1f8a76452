// Work that happens later on Stripe's side: an ACH debit settling, a subscription period ending, a Checkout Session
// expiring. Jobs live in the store (so they survive a restart) with a due time on the sandbox clock; one timer wakes
// for the nearest. Advancing the clock runs everything that falls due on the way, in order, each at its own due time.
import type { SandboxClock } from './clock.js';
import { newId } from './ids.js';
import type { Job, JobKind, Store } from './store.js';

type Handler = (ref: string) => void;

/** Node's timers hold at most ~24.8 days; the scheduler re-checks at least this often. */
const MAX_SLEEP_MS = 60_000;

export class Scheduler {
  private readonly handlers = new Map<JobKind, Handler>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly clock: SandboxClock,
    private readonly onError: (error: unknown, job: Job) => void,
  ) {}

  on(kind: JobKind, handler: Handler): void {
    this.handlers.set(kind, handler);
  }

  schedule(kind: JobKind, ref: string, dueAtMs: number): void {
    this.cancel(kind, ref);
    this.store.internal.jobs.push({ id: newId('job'), kind, ref, dueAtMs });
    this.store.changed();
    this.arm();
  }

  cancel(kind: JobKind, ref: string): void {
    this.store.internal.jobs = this.store.internal.jobs.filter((job) => !(job.kind === kind && job.ref === ref));
  }

  dueAt(kind: JobKind, ref: string): number | undefined {
    return this.store.internal.jobs.find((job) => job.kind === kind && job.ref === ref)?.dueAtMs;
  }

  /** Runs one job now, whatever its due time (`POST /_sandbox/settle`). Returns false when there is none. */
  runNow(kind: JobKind, ref: string): boolean {
    const job = this.store.internal.jobs.find((j) => j.kind === kind && j.ref === ref);
    if (!job) return false;
    this.run(job);
    this.arm();
    return true;
  }

  /** Moves the clock forward by `ms`, running each job that falls due on the way at its due time. */
  advance(ms: number): void {
    const target = this.clock.nowMs() + ms;
    this.runDue(target);
    this.clock.moveTo(target);
    this.arm();
  }

  start(): void {
    this.stopped = false;
    this.runDue(this.clock.nowMs());
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private runDue(untilMs: number): void {
    for (;;) {
      const next = this.nextJob();
      if (!next || next.dueAtMs > untilMs) return;
      this.clock.moveTo(next.dueAtMs);
      this.run(next);
    }
  }

  private run(job: Job): void {
    this.store.internal.jobs = this.store.internal.jobs.filter((j) => j.id !== job.id);
    try {
      this.handlers.get(job.kind)?.(job.ref);
    } catch (error) {
      this.onError(error, job);
    }
    this.store.changed();
  }

  private nextJob(): Job | undefined {
    let next: Job | undefined;
    for (const job of this.store.internal.jobs) if (!next || job.dueAtMs < next.dueAtMs) next = job;
    return next;
  }

  private arm(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.nextJob();
    if (!next) return;
    const wait = Math.min(Math.max(next.dueAtMs - this.clock.nowMs(), 0), MAX_SLEEP_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.runDue(this.clock.nowMs());
      this.arm();
    }, wait);
    this.timer.unref();
  }
}
