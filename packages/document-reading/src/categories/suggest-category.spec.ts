import { describe, expect, it } from '@jest/globals';
import { suggestCategory } from './suggest-category.js';

const categories = [
  { id: 1, name: 'Other' },
  { id: 2, name: 'Lease' },
  { id: 3, name: 'Inspection Reports' },
  { id: 4, name: 'Invoices' },
  { id: 5, name: 'Insurance' },
  { id: 6, name: 'HOA', keywords: ['homeowners association', 'hoa dues'] },
];

describe('suggestCategory', () => {
  it('files a lease under Lease with the words that decided it', () => {
    const text = 'RESIDENTIAL LEASE AGREEMENT. Landlord leases to Tenant the premises. Monthly rent is $1,850. Security deposit of $2,775.';
    const suggestion = suggestCategory(text, categories);
    expect(suggestion?.categoryId).toBe(2);
    expect(suggestion?.evidence.map((hit) => hit.keyword)).toEqual(expect.arrayContaining(['lease', 'landlord', 'tenant', 'security deposit']));
  });

  it('uses the plural name and its vocabulary: an invoice, an inspection report', () => {
    expect(suggestCategory('Invoice number 2041. Bill to: Oakwood LLC. Subtotal $200. Amount due $240.', categories)?.categoryId).toBe(4);
    expect(suggestCategory('Move-in inspection. The inspector checked every smoke detector; condition report attached.', categories)?.categoryId).toBe(3);
  });

  it('uses the keywords a category comes with', () => {
    expect(suggestCategory('Notice from the homeowners association: HOA dues rise in March.', categories)?.categoryId).toBe(6);
  });

  it('suggests nothing on thin or tied evidence', () => {
    expect(suggestCategory('Photo of the kitchen.', categories)).toBeUndefined();
    expect(suggestCategory('', categories)).toBeUndefined();
    expect(suggestCategory('Lease and insurance.', [{ id: 'a', name: 'Lease' }, { id: 'b', name: 'Insurance' }])).toBeUndefined();
  });

  it('never answers a category outside the list, even when the text is plainly something else', () => {
    const lease = 'Residential lease agreement between Landlord and Tenant; monthly rent; security deposit; premises.';
    expect(suggestCategory(lease, [{ id: 9, name: 'Invoices' }, { id: 10, name: 'Insurance' }])).toBeUndefined();
    expect(suggestCategory(lease, [])).toBeUndefined();
  });

  it('files a lease with a long renters-insurance clause as a lease: its title decides', () => {
    const insurance = 'Tenant shall maintain renters insurance with liability coverage of $100,000. The insurance policy names Landlord as an additional insured; proof of insurance, the policy number and the premium paid are delivered yearly. Insurance lapses are a default. '.repeat(4);
    const lease = `NORTHSTAR HOMES LLC\nTOWNHOME LEASE\n\nThis Lease is made between Northstar Homes LLC ("Landlord") and Annika Sorensen ("Tenant"). Monthly rent is $2,150.00.\n\n9. RENTERS INSURANCE. ${insurance}`;
    expect(suggestCategory(lease, categories)).toMatchObject({ categoryId: 2, decidedBy: 'title' });
    expect(suggestCategory('CERTIFICATE OF LIABILITY INSURANCE\nInsured: Oakwood LLC. Policy number HO-2231. Coverage: $1,000,000 per occurrence.', categories)).toMatchObject({ categoryId: 5, decidedBy: 'title' });
  });

  it('lets the body decide when the title names two types, and counts a name said often less than linearly', () => {
    expect(suggestCategory('LEASE INSURANCE\nLandlord and Tenant: monthly rent, security deposit, premises, lessor.', categories)).toMatchObject({ categoryId: 2, decidedBy: 'keywords' });
    const body = `Residential lease agreement. Landlord, tenant, premises, monthly rent and security deposit. ${'Insurance. '.repeat(12)}`;
    expect(suggestCategory(body, categories)?.categoryId).toBe(2);
  });
});

