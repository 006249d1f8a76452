import { addDays, daysBetween, dueDateIn, isPlainDate, localDate, nextPeriod, startOfDay } from './plain-date.js';

describe('calendar dates', () => {
  it('falls on the month\'s last day when the month has no such day, leap years included', () => {
    expect(dueDateIn('2026-01', 31)).toBe('2026-01-31');
    expect(dueDateIn('2026-02', 31)).toBe('2026-02-28');
    expect(dueDateIn('2028-02', 30)).toBe('2028-02-29');
    expect(dueDateIn('2100-02', 29)).toBe('2100-02-28');
    expect(dueDateIn('2026-04', 31)).toBe('2026-04-30');
    expect(dueDateIn('2026-04', 1)).toBe('2026-04-01');
  });

  it('refuses a due day outside 1 to 31 and a period that is not a month', () => {
    expect(() => dueDateIn('2026-04', 0)).toThrow(RangeError);
    expect(() => dueDateIn('2026-04', 32)).toThrow(RangeError);
    expect(() => dueDateIn('2026-04', 1.5)).toThrow(RangeError);
    expect(() => dueDateIn('2026-13', 1)).toThrow(RangeError);
  });

  it('moves across months and years, and counts the days between', () => {
    expect(addDays('2026-12-27', 5)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-12-27', '2027-01-01')).toBe(5);
    expect(daysBetween('2027-01-01', '2026-12-27')).toBe(-5);
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(nextPeriod('2026-09')).toBe('2026-10');
  });

  it('knows a calendar date from a string that only looks like one', () => {
    expect(isPlainDate('2028-02-29')).toBe(true);
    expect(isPlainDate('2026-02-29')).toBe(false);
    expect(isPlainDate('2026-2-01')).toBe(false);
    expect(isPlainDate('2026-12-01T00:00:00Z')).toBe(false);
  });

  it('gives the date an instant falls on in the location\'s time zone, not the server\'s', () => {
    const instant = new Date('2026-12-01T03:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-12-01');
    expect(localDate(instant, 'America/Chicago')).toBe('2026-11-30');
    expect(localDate(instant, 'America/New_York')).toBe('2026-11-30');
    expect(localDate(new Date('2026-12-01T05:00:00Z'), 'America/New_York')).toBe('2026-12-01');
    // Across the change to daylight saving time (New York, 2027-03-14 at 2 am): still one date per day.
    expect(localDate(new Date('2027-03-14T04:59:00Z'), 'America/New_York')).toBe('2027-03-13');
    expect(localDate(new Date('2027-03-14T05:00:00Z'), 'America/New_York')).toBe('2027-03-14');
  });
});

describe('the instant a date begins in a time zone', () => {
  it('is local midnight, on either side of daylight saving time', () => {
    expect(startOfDay('2027-01-01', 'America/Chicago').toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(startOfDay('2027-07-01', 'America/Chicago').toISOString()).toBe('2027-07-01T05:00:00.000Z');
    expect(startOfDay('2027-03-14', 'America/New_York').toISOString()).toBe('2027-03-14T05:00:00.000Z');
    expect(startOfDay('2027-03-15', 'America/New_York').toISOString()).toBe('2027-03-15T04:00:00.000Z');
    expect(startOfDay('2027-11-07', 'America/Los_Angeles').toISOString()).toBe('2027-11-07T07:00:00.000Z');
    expect(startOfDay('2027-06-01', 'Pacific/Honolulu').toISOString()).toBe('2027-06-01T10:00:00.000Z');
    expect(startOfDay('2027-06-01', 'UTC').toISOString()).toBe('2027-06-01T00:00:00.000Z');
  });

  it('is the first instant of the date where a clock change skips midnight', () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 2026-09-06: the day begins at 01:00 local, 04:00 UTC.
    const begins = startOfDay('2026-09-06', 'America/Santiago');
    expect(localDate(begins, 'America/Santiago')).toBe('2026-09-06');
    expect(localDate(new Date(begins.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });
});
