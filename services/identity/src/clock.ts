import { Injectable } from '@nestjs/common';

/** The service's notion of now: injected so tests can move time past an expiry instead of waiting for it. */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Test hook: every later `now()` is this much further on. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
