import { describe, expect, it } from '@jest/globals';
import { boundary, nextBoundaryAfter } from './billing-period.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (sec: number) => new Date(sec * 1000).toISOString();

describe('billing periods', () => {
  it('keeps the anchor day, or the month’s last day when it has none', () => {
    const anchor = at('2027-01-31T09:00:00Z');
    expect([1, 2, 3].map((n) => iso(boundary(anchor, 'month', 1, n)))).toEqual([
      '2027-02-28T09:00:00.000Z',
      '2027-03-31T09:00:00.000Z',
      '2027-04-30T09:00:00.000Z',
    ]);
    expect(iso(boundary(at('2028-02-29T00:00:00Z'), 'year', 1, 1))).toBe('2029-02-28T00:00:00.000Z');
    expect(iso(boundary(anchor, 'week', 2, 1))).toBe('2027-02-14T09:00:00.000Z');
  });

  it('finds the next boundary after a moment, before or after the anchor', () => {
    const anchor = at('2027-03-15T00:00:00Z');
    expect(iso(nextBoundaryAfter(anchor, 'month', 1, at('2027-03-15T00:00:00Z')))).toBe('2027-04-15T00:00:00.000Z');
    expect(iso(nextBoundaryAfter(anchor, 'month', 1, at('2027-05-20T00:00:00Z')))).toBe('2027-06-15T00:00:00.000Z');
    expect(iso(nextBoundaryAfter(anchor, 'month', 1, at('2027-01-02T00:00:00Z')))).toBe('2027-01-15T00:00:00.000Z');
  });
});
