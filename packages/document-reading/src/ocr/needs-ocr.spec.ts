import { describe, expect, it } from '@jest/globals';
import { needsOcr, pagesNeedingOcr } from './needs-ocr.js';

describe('needsOcr', () => {
  it('names the pages whose text layer is too thin', () => {
    const pages = ['This page has a real text layer with plenty of letters.', '', 'Page 3 of 3', 'Another page of ordinary lease text here.'];
    expect(pagesNeedingOcr(pages)).toEqual([2, 3]);
    expect(needsOcr(pages)).toBe(true);
  });

  it('is false when every page has text, and for no pages at all', () => {
    expect(needsOcr(['Landlord and Tenant agree as follows.'])).toBe(false);
    expect(needsOcr([])).toBe(false);
  });
});
