import { demoHomeDocuments, demoHomeOwner, pageLines } from './demo-home-owner.data.ts';

describe('the demo home owner', () => {
  it('has a home the address form accepts: a street, a city, a two-letter state and a five-digit ZIP', () => {
    expect(demoHomeOwner.home).toEqual({ street: expect.stringMatching(/^\d+ \S/), city: expect.any(String), state: expect.stringMatching(/^[A-Z]{2}$/), zip: expect.stringMatching(/^\d{5}$/) });
    expect(demoHomeOwner.email).toMatch(/@example\.(com|net|org)$/);
  });

  it("keeps the house's papers under distinct names, the tax bill named after the seeding year, each fitting its one page", () => {
    const names = demoHomeDocuments.map((document) => document.filename(2026));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Buncombe County property tax bill 2026.pdf');
    for (const document of demoHomeDocuments) {
      const lines = pageLines(document.lines(2026));
      // demoPdf prints 16-point lines from 1 inch below the top of a letter page: 40 fit above the bottom margin.
      expect(lines.length).toBeLessThanOrEqual(40);
      // Printable ASCII: demoPdf writes Latin-1 with the standard Helvetica font.
      for (const line of lines) expect(line).toMatch(/^[\x20-\x7e]{0,80}$/);
    }
  });

  it('wraps a long line at word boundaries to the width, and keeps blank and short lines', () => {
    expect(pageLines(['one two three four', '', 'five'], 9)).toEqual(['one two', 'three', 'four', '', 'five']);
  });
});
