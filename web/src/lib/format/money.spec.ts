import { centsToDollarText, formatCents, parseDollarsToCents } from './money.js';

describe('parseDollarsToCents', () => {
  it.each([
    ['1,850.10', 185_010],
    ['1850.10', 185_010],
    ['1850.1', 185_010],
    ['1850', 185_000],
    ['$1,850.10', 185_010],
    ['  12.5 ', 1_250],
    ['0.07', 7],
    ['.5', 50],
    ['10.', 1_000],
    ['1,000,000.00', 100_000_000],
    ['0', 0],
  ])('reads %j as %i cents', (typed, cents) => {
    expect(parseDollarsToCents(typed)).toBe(cents);
  });

  it('is exact where floating point is not', () => {
    // 0.1 + 0.2 is 0.30000000000000004 and 1850.1 * 100 is 185009.99999999997 in binary floating point.
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(parseDollarsToCents('0.1')! + parseDollarsToCents('0.2')!).toBe(parseDollarsToCents('0.3'));
    expect(parseDollarsToCents('1850.1')).toBe(185_010);
    expect(parseDollarsToCents('4.35')).toBe(435);
    expect(parseDollarsToCents('1.15')).toBe(115);
    expect(parseDollarsToCents('8.29')).toBe(829);
    for (let cents = 0; cents < 100_000; cents += 7) expect(parseDollarsToCents(centsToDollarText(cents))).toBe(cents);
  });

  it.each(['', ' ', '$', '.', '-5', '1.005', '1,85.00', '18,50', '1,8500', 'abc', '12a', '1e3', '1 000', '99999999999999'])('refuses %j', (typed) => {
    expect(parseDollarsToCents(typed)).toBeNull();
  });
});

describe('formatCents', () => {
  it.each([
    [185_010, '$1,850.10'],
    [0, '$0.00'],
    [7, '$0.07'],
    [100_000_000, '$1,000,000.00'],
    [-2_500, '-$25.00'],
    [5_395, '$53.95'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('refuses a fraction of a cent', () => {
    expect(() => formatCents(0.5)).toThrow(RangeError);
  });
});

describe('centsToDollarText', () => {
  it('writes cents for the amount field', () => {
    expect(centsToDollarText(185_010)).toBe('1850.10');
    expect(centsToDollarText(5)).toBe('0.05');
    expect(centsToDollarText(null)).toBe('');
  });
});
