// The sandbox clock: real time plus an offset that only grows, so a trial of 30 days passes in one request. Every
// timestamp the API answers with and every due time reads this clock; webhook signatures do not (see signature.ts).
export class SandboxClock {
  constructor(public offsetMs = 0) {}

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  /** RFC 3339 with milliseconds, as Paddle writes timestamps. */
  nowIso(): string {
    return new Date(this.nowMs()).toISOString();
  }

  moveTo(ms: number): void {
    const delta = ms - this.nowMs();
    if (delta > 0) this.offsetMs += delta;
  }
}
