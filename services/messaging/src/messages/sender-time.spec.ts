import { receivedAtOf, SENDER_TIME_MAX_AGE_MS, SENDER_TIME_MIN_AGE_MS } from './sender-time.js';

const now = new Date('2026-11-24T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('receivedAtOf', () => {
  it("dates a sandbox message by the sender's time between 15 minutes and 60 days ago", () => {
    expect(receivedAtOf(ago(3 * 7 * 24 * 3_600_000), 'sandbox', now)).toEqual(ago(3 * 7 * 24 * 3_600_000));
    expect(receivedAtOf(ago(SENDER_TIME_MIN_AGE_MS), 'sandbox', now)).toEqual(ago(SENDER_TIME_MIN_AGE_MS));
    expect(receivedAtOf(ago(SENDER_TIME_MAX_AGE_MS), 'sandbox', now)).toEqual(ago(SENDER_TIME_MAX_AGE_MS));
  });

  it('dates it now when the time is recent, in the future, too old, missing or invalid', () => {
    for (const time of [ago(SENDER_TIME_MIN_AGE_MS - 1), ago(-60_000), ago(SENDER_TIME_MAX_AGE_MS + 1), null, undefined, new Date(Number.NaN)]) {
      expect(receivedAtOf(time, 'sandbox', now)).toBe(now);
    }
  });

  it("never takes the sender's time with a real provider: the record is our clock", () => {
    expect(receivedAtOf(ago(3 * 24 * 3_600_000), 'twilio', now)).toBe(now);
  });
});
