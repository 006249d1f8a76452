import { csvOf, dollars } from './csv.js';

describe('CSV for spreadsheets', () => {
  it('writes amounts in dollars from integer cents, empty for zero unless asked', () => {
    expect(csvOf([[dollars(100_005), dollars(-2_500), dollars(0), dollars(0, true), dollars(7)]])).toBe('1000.05,-25.00,,0.00,0.07\r\n');
  });

  it('quotes commas, quotes and line breaks (RFC 4180), with CRLF line ends', () => {
    expect(csvOf([['Rent, December 2026', 'Keys\nreplaced "twice"'], ['a']])).toBe('"Rent, December 2026","Keys\nreplaced ""twice"""\r\na\r\n');
  });

  it('keeps a spreadsheet from running text as a formula, but not an amount', () => {
    expect(csvOf([['=HYPERLINK("http://evil.example","fee")', '+1', '-2', '@SUM(A1)', '\tx', dollars(-150)]])).toBe(
      `"'=HYPERLINK(""http://evil.example"",""fee"")",'+1,'-2,'@SUM(A1),'\tx,-1.50\r\n`,
    );
  });
});
