// The sandbox's clock: real time plus an offset that only grows. Advancing it (a test, or /_sandbox/advance) is how
// a month of rent periods passes in a second; every `created`, period and due time reads this clock.
export class SandboxClock {
  constructor(public offsetMs = 0) {}

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  nowSec(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /** Moves the clock to `ms` if that is later than now. */
  moveTo(ms: number): void {
    const delta = ms - this.nowMs();
    if (delta > 0) this.offsetMs += delta;
  }
}
