import { describe, expect, it } from '@jest/globals';
import { addMonths, extractDates } from './dates.js';

describe('extractDates', () => {
  it.each([
    ['January 1, 2026', '2026-01-01'],
    ['Jan. 1st, 2026', '2026-01-01'],
    ['Sept 30 2026', '2026-09-30'],
    ['1/1/2026', '2026-01-01'],
    ['01/01/26', '2026-01-01'],
    ['12-31-2026', '2026-12-31'],
    ['1st day of January, 2026', '2026-01-01'],
    ['the 15th day of March 2026', '2026-03-15'],
    ['1 February 2026', '2026-02-01'],
    ['2026-07-04', '2026-07-04'],
  ])('reads "%s" as %s', (written, iso) => {
    const [found] = extractDates([`The date is ${written}.`]);
    expect(found?.date).toBe(iso);
    expect(written).toContain(found!.text);
  });

  it('finds two dates in one sentence, in order, with exact offsets in the page', () => {
    const page = 'Intro line.\nThe lease runs from March 1, 2026 through 2/28/2027, unless renewed.';
    const dates = extractDates([page]);
    expect(dates.map((found) => found.date)).toEqual(['2026-03-01', '2027-02-28']);
    for (const found of dates) expect(page.slice(found.source.start, found.source.end)).toBe(found.text);
    expect(dates[0]!.source.sentence).toBe('The lease runs from March 1, 2026 through 2/28/2027, unless renewed.');
  });

  it('reads a date in a heading and gives its page', () => {
    const dates = extractDates(['Nothing here.', 'MOVE-IN CHECKLIST — APRIL 1, 2026\nKitchen: clean.']);
    expect(dates).toHaveLength(1);
    expect(dates[0]).toMatchObject({ date: '2026-04-01', source: { page: 2, sentence: 'MOVE-IN CHECKLIST — APRIL 1, 2026' } });
  });

  it('rejects impossible dates and does not read amounts, phone numbers or fractions as dates', () => {
    const dates = extractDates(['February 30, 2026 is not a day. Call 555-12-2026 or pay $1/1/2026 never. Fill 13/1/2026 in. Pay 3/4 of the fee.']);
    expect(dates).toEqual([]);
  });

  it('does not read a date twice when one format contains another', () => {
    expect(extractDates(['On the 1st day of January, 2026 keys are handed over.']).map((found) => found.text)).toEqual(['1st day of January, 2026']);
  });
});

describe('addMonths', () => {
  it('clamps to the end of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-04-01', 12)).toBe('2027-04-01');
  });
});
