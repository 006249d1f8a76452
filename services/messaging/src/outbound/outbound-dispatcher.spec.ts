import { backoffDelay } from './outbound-dispatcher.js';

const settings = { backoffBaseMs: 10_000, backoffMaxMs: 30 * 60_000 };

describe('backoffDelay', () => {
  it('doubles with each attempt, from the base', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, settings, () => 1))).toEqual([10_000, 20_000, 40_000, 80_000]);
  });

  it('jitters within the upper half of the step, so retries of many sends spread out', () => {
    expect(backoffDelay(3, settings, () => 0)).toBe(20_000);
    expect(backoffDelay(3, settings, () => 0.5)).toBe(30_000);
  });

  it('never waits longer than the cap', () => {
    expect(backoffDelay(30, settings, () => 1)).toBe(settings.backoffMaxMs);
  });
});
