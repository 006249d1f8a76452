import { inventedPermissionsOrOffers, leakedRuleText, repetition } from './reply-checks.js';

describe('leakedRuleText', () => {
  const rule = { title: 'A tenant reports a leak', body: 'Tell the tenant to shut the valve under the sink and call the plumber. Mark the draft URGENT for the owner.' };

  it('finds six words of a rule, or words only an instruction uses', () => {
    expect(leakedRuleText('Please shut the valve under the sink and call the plumber.', [rule])).not.toEqual([]);
    expect(leakedRuleText('I will mark the draft urgent.', [])).not.toEqual([]);
    expect(leakedRuleText('Our knowledge base says the pool opens at 9.', [])).not.toEqual([]);
  });

  it('passes a reply that follows the rule in its own words', () => {
    expect(leakedRuleText('Please close the shut-off valve below your sink now; a plumber is on the way.', [rule])).toEqual([]);
  });
});

describe('repetition', () => {
  it('refuses a sentence said twice, three words said three times, and a run-on', () => {
    expect(repetition('The pool opens at 9. The pool opens at 9.')).not.toEqual([]);
    expect(repetition('Call the office, call the office and call the office.')).not.toEqual([]);
    expect(repetition('word '.repeat(200))).not.toEqual([]);
  });

  it('passes a short reply', () => {
    expect(repetition('The pool opens at 9 AM. Bring your fob.')).toEqual([]);
  });
});

describe('inventedPermissionsOrOffers', () => {
  it('refuses a yes no item gives, in English and Spanish', () => {
    const sources = ['The pool is open 9 AM to 9 PM from Memorial Day to Labor Day.'];
    expect(inventedPermissionsOrOffers({ reply: 'Yes, you can bring guests to the pool.', sources, question: 'permission' })).not.toEqual([]);
    expect(inventedPermissionsOrOffers({ reply: 'Sí, puede traer invitados.', sources, question: 'permission' })).not.toEqual([]);
  });

  it('keeps a yes or a no the items give', () => {
    expect(inventedPermissionsOrOffers({ reply: 'Yes, up to 2 cats are allowed.', sources: ['Up to 2 cats are allowed with a $300 deposit.'], question: 'permission' })).toEqual([]);
    expect(inventedPermissionsOrOffers({ reply: 'No, smoking is not allowed on balconies.', sources: ['Smoking is prohibited everywhere on the property.'], question: 'permission' })).toEqual([]);
  });

  it('refuses an offer whose verb no item uses', () => {
    expect(inventedPermissionsOrOffers({ reply: 'I can provide a storage room for your bike.', sources: ['Bikes go in the bike room on P1.'], question: 'other' })).not.toEqual([]);
    expect(inventedPermissionsOrOffers({ reply: "We'll waive the late fee this time.", sources: ['A $50 late fee applies after the 5th.'], question: 'request' })).not.toEqual([]);
    expect(inventedPermissionsOrOffers({ reply: 'We can provide a parking permit at the office.', sources: ['The office will provide a guest parking permit.'], question: 'other' })).toEqual([]);
  });
});
