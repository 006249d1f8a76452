import { leasesOfSplit, loadEvaluationSet } from '@pm/assistant-eval';
import type { DocumentFact } from '@pm/contracts';
import { extractLeaseFacts, listLeaseFacts } from '@pm/document-reading/facts';
import { findUnsupportedClaims } from '../drafting/guards/grounding-check.js';
import { leaseSummary } from './lease-summary.js';

/** The parser's facts of a lease's pages, as the vault sends them. */
function parsed(pages: readonly string[]): DocumentFact[] {
  return listLeaseFacts(extractLeaseFacts(pages)).map((fact) => ({
    field: fact.field,
    value: fact.value,
    page: fact.source.page,
    sentence: fact.source.sentence,
    span_start: fact.source.start,
    span_end: fact.source.end,
    derived: fact.derived,
    source: 'parser',
  }));
}

describe('a lease\'s summary written from its facts', () => {
  it('says who, what, when and how much, in a few sentences', () => {
    const pages = [
      'This Lease is made between Oakwood Homes LLC ("Landlord") and Ana Ruiz and Ben Ruiz ("Tenants"). Landlord leases to Tenants the premises located at 9 Elm Street, Apt. 2, Salem, OR 97301. The term begins on 06/01/2026 for a term of twelve (12) months.',
      'Tenants shall pay monthly rent of $1,400.00, due on the 1st day of each month. A late fee of $50.00 applies to rent received after the 5th. Tenants have paid a security deposit of $1,400.00. Tenants shall give thirty (30) days\' written notice of intent to vacate at the end of the term.',
    ];
    expect(leaseSummary(parsed(pages))).toEqual({
      text:
        'Lease between Oakwood Homes LLC (landlord) and Ana Ruiz and Ben Ruiz (tenants) for 9 Elm Street, Apt. 2, Salem, OR 97301, starting June 1, 2026 for 12 months. ' +
        'Rent is $1,400.00 a month, due on the 1st. Security deposit: $1,400.00. Late fee: $50.00. Notice to end or not renew it: 30 days.',
      pages: [1, 2],
    });
  });

  it('is none with fewer than two defining facts', () => {
    expect(leaseSummary(parsed(['Rent is $900 per month.']))).toBeNull();
  });

  it('states only what each lease of the evaluation\'s tuning half states (the grounding check of the model\'s summaries)', () => {
    const ungrounded = leasesOfSplit(loadEvaluationSet(), 'tuning').flatMap((lease) => {
      const summary = leaseSummary(parsed([lease.text]));
      return summary ? findUnsupportedClaims({ reply: summary.text, sources: [lease.text] }).map((claim) => `${lease.id}: ${claim.kind} "${claim.text}" in "${summary.text}"`) : [];
    });
    expect(ungrounded).toEqual([]);
  });
});
