import { describe, expect, it } from '@jest/globals';
import { containsFact, normaliseText } from './fact-match.js';

describe('containsFact', () => {
  it('ignores case, typographic punctuation and spacing', () => {
    expect(containsFact('Give 60 DAYS’ written\nnotice', "60 days' written notice")).toBe(true);
    expect(normaliseText('  Call\u00a0(208)\u2013555 ')).toBe('call (208)-555');
  });

  it('matches whole numbers and words only', () => {
    expect(containsFact('a late fee of $500', '$50')).toBe(false);
    expect(containsFact('a late fee of $50.', '$50')).toBe(true);
    expect(containsFact('within 15 days', '5')).toBe(false);
    expect(containsFact('rent is 1,850 dollars', '850')).toBe(false);
    expect(containsFact('rent is $1,850.00', '1,850')).toBe(true);
    expect(containsFact('rent is $1,850.50', '1,850')).toBe(false);
    expect(containsFact('call 911 now', '911')).toBe(true);
    expect(containsFact('P12', 'P1')).toBe(false);
  });

  it('accepts a plural of a word, never a longer word', () => {
    expect(containsFact('collected on Thursdays', 'Thursday')).toBe(true);
    expect(containsFact('a catalogue', 'cat')).toBe(false);
  });

  it('matches facts that start or end with punctuation', () => {
    expect(containsFact('costs $225 a month', '$225')).toBe(true);
    expect(containsFact('a 3% fee', '3%')).toBe(true);
    expect(containsFact('a 2.9% fee', '3%')).toBe(false);
  });

  it('finds numbers and names inside text written without spaces', () => {
    expect(containsFact('请立即拨打911，然后联系前台', '911')).toBe(true);
    expect(containsFact('费用是Idaho Power的', 'Idaho Power')).toBe(true);
    expect(containsFact('Gọi số 555-0143 ngay', '555-0143')).toBe(true);
  });

  it('never matches an empty fact', () => {
    expect(containsFact('anything', '  ')).toBe(false);
  });
});
