import { describe, expect, it } from '@jest/globals';
import { moneyInSentence } from './money.js';

describe('moneyInSentence', () => {
  it.each([
    ['$1,850.00', 185_000],
    ['$1850', 185_000],
    ['$ 950.5', 95_000],
    ['USD 2,100.00', 210_000],
    ['1850 dollars', 185_000],
    ['1,250.75 dollars', 125_075],
    ['1,250.75 USD', 125_075],
  ])('reads %s as %i cents', (written, cents) => {
    const [found] = moneyInSentence({ text: `Pay ${written} now.` });
    expect(found).toMatchObject({ amountCents: cents, currency: 'USD' });
  });

  it('keeps the cents when a comma follows the amount', () => {
    expect(moneyInSentence({ text: 'Rent of $1,850.00, due monthly.' })[0]?.text).toBe('$1,850.00');
  });

  it('reads words and a figure in brackets once', () => {
    expect(moneyInSentence({ text: 'One Thousand Eight Hundred Fifty Dollars ($1,850.00)' }).map((found) => found.amountCents)).toEqual([185_000]);
  });

  it('does not read the cents of a written amount ("and 00/100 Dollars") as a hundred dollars', () => {
    const text = 'the sum of One Thousand Eight Hundred Seventy-Five and 00/100 Dollars ($1,875.00) per month';
    expect(moneyInSentence({ text }).map((found) => found.amountCents)).toEqual([187_500]);
  });
});
