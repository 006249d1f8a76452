import { describe, expect, it } from '@jest/globals';
import { splitSentences } from './sentences.js';

describe('splitSentences', () => {
  it('keeps abbreviations, initials, amounts and section numbers inside their sentence', () => {
    const page = '1. Mr. John Q. Public rents Apt. 4B at 12 Oak St. in Springfield. Rent is $1,850.00. Tenant pays utilities, e.g. water.';
    expect(splitSentences([page]).map((sentence) => sentence.text)).toEqual([
      '1. Mr. John Q. Public rents Apt. 4B at 12 Oak St. in Springfield.',
      'Rent is $1,850.00.',
      'Tenant pays utilities, e.g. water.',
    ]);
  });

  it('ends a sentence at a blank line and at a heading line, with exact offsets', () => {
    const page = 'RESIDENTIAL LEASE AGREEMENT\nThis lease is made\nbetween the parties.\n\nSigned below';
    const sentences = splitSentences([page]);
    expect(sentences.map((sentence) => sentence.text)).toEqual(['RESIDENTIAL LEASE AGREEMENT', 'This lease is made\nbetween the parties.', 'Signed below']);
    for (const sentence of sentences) expect(page.slice(sentence.start, sentence.end)).toBe(sentence.text);
  });

  it('makes each line of a form its own sentence', () => {
    expect(splitSentences(['Landlord: Bayview Rentals LLC\nMonthly Rent: $1,975.00\nThe tenant pays\nwater.']).map((sentence) => sentence.text)).toEqual([
      'Landlord: Bayview Rentals LLC',
      'Monthly Rent: $1,975.00',
      'The tenant pays\nwater.',
    ]);
    expect(splitSentences(['The following terms apply: rent is due\non the 1st.']).map((sentence) => sentence.text)).toEqual([
      'The following terms apply: rent is due\non the 1st.',
    ]);
  });

  it('keeps a numbered heading in title case with its sentence, and a label\'s line going on over a break', () => {
    expect(splitSentences(['1. Premises. Landlord leases Apt. 2. 4. Notice of Non-Renewal. Tenant gives notice.']).map((sentence) => sentence.text)).toEqual([
      '1. Premises. Landlord leases Apt. 2.',
      '4. Notice of Non-Renewal. Tenant gives notice.',
    ]);
    expect(splitSentences(['WITNESSETH: Lessor leases the unit known as 450 Harbor Boulevard, Long Beach,\nCalifornia 90802.']).map((sentence) => sentence.text)).toHaveLength(1);
  });

  it('numbers pages from 1', () => {
    expect(splitSentences(['One.', 'Two. Three.']).map((sentence) => sentence.page)).toEqual([1, 2, 2]);
  });
});
