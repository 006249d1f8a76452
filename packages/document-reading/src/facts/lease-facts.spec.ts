import { describe, expect, it } from '@jest/globals';
import { extractLeaseFacts } from './lease-facts.js';

/** The text a fact's source points at, read back from the pages: offsets must be exact. */
function at(pages: string[], source: { page: number; start: number; end: number }): string {
  return pages[source.page - 1]!.slice(source.start, source.end);
}

const formal = [
  `RESIDENTIAL LEASE AGREEMENT
Dated: March 3, 2026

This Residential Lease Agreement (the "Agreement") is made and entered into on March 3, 2026, by and between Oakwood Property Management, LLC ("Landlord") and John A. Smith and Maria Lopez (collectively, "Tenant").

1. PREMISES. Landlord leases to Tenant the premises located at 123 Main St., Apt. 4B, Springfield, IL 62701 (the "Premises").

2. TERM. The term of this Agreement shall be for a period of twelve (12) months, commencing on the 1st day of April, 2026 and ending on March 31, 2027.

3. RENT. Tenant agrees to pay Landlord monthly rent of $1,850.00, due on or before the first (1st) day of each month. A late fee of $75.00 will be charged after the 5th day of the month.`,
  `4. SECURITY DEPOSIT. Upon execution of this Agreement, Tenant shall deposit with Landlord a security deposit of $2,775.00.

5. INSPECTION. Landlord and Tenant shall complete a move-in inspection on March 30, 2026.

6. RENEWAL. Tenant must notify Landlord in writing of the intent to renew no later than January 30, 2027.

7. TERMINATION. Either party may terminate this Agreement at the end of the term by giving sixty (60) days' written notice to the other party.`,
];

describe('extractLeaseFacts: a formal lease over two pages', () => {
  const facts = extractLeaseFacts(formal);

  it('finds the parties, each with the sentence that names them', () => {
    expect(facts.landlord?.value).toBe('Oakwood Property Management, LLC');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['John A. Smith', 'Maria Lopez']);
    expect(at(formal, facts.tenants[1]!.source)).toBe('Maria Lopez');
    expect(facts.landlord?.source.sentence).toMatch(/^This Residential Lease Agreement .* \(collectively, "Tenant"\)\.$/);
    expect(facts.landlord?.source.page).toBe(1);
  });

  it('finds the premises address', () => {
    expect(facts.premises?.value).toBe('123 Main St., Apt. 4B, Springfield, IL 62701');
    expect(at(formal, facts.premises!.source)).toBe(facts.premises!.value);
  });

  it('tells the start from the end in "commencing on … and ending on …", and skips the date in the heading', () => {
    expect(facts.startDate?.value).toBe('2026-04-01');
    expect(facts.startDate?.text).toBe('1st day of April, 2026');
    expect(facts.endDate).toMatchObject({ value: '2027-03-31', derived: false, text: 'March 31, 2027' });
    expect(facts.startDate?.source.sentence).toBe(
      '2. TERM. The term of this Agreement shall be for a period of twelve (12) months, commencing on the 1st day of April, 2026 and ending on March 31, 2027.',
    );
    expect(at(formal, facts.endDate!.source)).toBe('March 31, 2027');
  });

  it('reads the rent in cents and not the late fee, the due day and the deposit', () => {
    expect(facts.monthlyRent?.value).toEqual({ amountCents: 185_000, currency: 'USD' });
    expect(at(formal, facts.monthlyRent!.source)).toBe('$1,850.00');
    expect(facts.rentDueDay?.value).toBe(1);
    expect(facts.securityDeposit).toMatchObject({ value: { amountCents: 277_500, currency: 'USD' } });
    expect(facts.securityDeposit?.source.page).toBe(2);
  });

  it('reads the notice period to end the lease', () => {
    expect(facts.noticePeriodDays?.value).toBe(60);
    expect(facts.noticePeriodDays?.source.sentence).toMatch(/^7\. TERMINATION\. Either party may terminate/);
  });

  it('labels the other key dates', () => {
    expect(facts.otherKeyDates.map(({ value }) => value)).toEqual([
      { label: 'Agreement date', date: '2026-03-03' },
      { label: 'Agreement date', date: '2026-03-03' },
      { label: 'Move-in inspection', date: '2026-03-30' },
      { label: 'Renewal notice deadline', date: '2027-01-30' },
    ]);
    const renewal = facts.otherKeyDates[3]!;
    expect(renewal.source.page).toBe(2);
    expect(at(formal, renewal.source)).toBe('January 30, 2027');
  });
});

describe('extractLeaseFacts: a plain-language lease with a term instead of an end date', () => {
  const pages = [
    `Lease for 45 Elm Street
Landlord: Greenfield Homes Inc.
Tenant: Priya Patel
This lease begins on 06/01/26 for a term of one (1) year. The rent is 1450 dollars per month and is payable on the 5th of every month. Security deposit: $1,450. Tenant may end the tenancy with 30 days' written notice.`,
  ];
  const facts = extractLeaseFacts(pages);

  it('takes label-style parties', () => {
    expect(facts.landlord?.value).toBe('Greenfield Homes Inc.');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Priya Patel']);
  });

  it('computes the end date from the start and the term, marked derived with both sentences', () => {
    expect(facts.startDate?.value).toBe('2026-06-01');
    expect(facts.endDate).toMatchObject({ value: '2027-05-31', derived: true });
    if (!facts.endDate?.derived) throw new Error('expected a derived end date');
    expect(facts.endDate.sources.map((source) => at(pages, source))).toEqual(['06/01/26', 'one (1) year']);
  });

  it('reads "1450 dollars", "on the 5th of every month" and "30 days\' written notice"', () => {
    expect(facts.monthlyRent?.value).toEqual({ amountCents: 145_000, currency: 'USD' });
    expect(facts.rentDueDay?.value).toBe(5);
    expect(facts.securityDeposit?.value).toEqual({ amountCents: 145_000, currency: 'USD' });
    expect(facts.noticePeriodDays?.value).toBe(30);
  });

  it('leaves the premises out when no address follows a premises phrase', () => {
    expect(facts.premises).toBeUndefined();
  });
});

describe('extractLeaseFacts: "from … to …" and ISO dates', () => {
  const pages = [
    'The tenancy shall run from 2026-09-01 to 2027-08-31. Rent: the monthly rent is USD 2,100.00, due on the 1st. The property known as 9 Harbor View Road, Unit 12, Portland, ME 04101 is leased furnished.',
  ];
  const facts = extractLeaseFacts(pages);

  it('reads both dates of one sentence in their roles', () => {
    expect(facts.startDate?.value).toBe('2026-09-01');
    expect(facts.endDate?.value).toBe('2027-08-31');
    expect(facts.endDate?.derived).toBe(false);
  });

  it('reads the rent, due day and address', () => {
    expect(facts.monthlyRent?.value.amountCents).toBe(210_000);
    expect(facts.rentDueDay?.value).toBe(1);
    expect(facts.premises?.value).toBe('9 Harbor View Road, Unit 12, Portland, ME 04101');
  });
});

describe('extractLeaseFacts: what is not stated stays absent', () => {
  it('returns nothing for a document that is not a lease', () => {
    const facts = extractLeaseFacts(['Invoice 2041 from Ace Plumbing. Amount due: $240.00 by 12/15/2026. Thank you for your business.']);
    expect(facts).toEqual({ tenants: [], otherKeyDates: [] });
  });

  it('does not take a due date that is a calendar date for the monthly due day, nor a heading date for the start', () => {
    const facts = extractLeaseFacts(['LEASE AGREEMENT January 1, 2026\n\nThe first payment is due on the 1st day of February, 2026.']);
    expect(facts.startDate).toBeUndefined();
    expect(facts.rentDueDay).toBeUndefined();
  });

  it('does not derive an end date without a start date', () => {
    const facts = extractLeaseFacts(['The lease is for a term of 12 months. Rent is $900 per month.']);
    expect(facts.endDate).toBeUndefined();
    expect(facts.monthlyRent?.value.amountCents).toBe(90_000);
  });
});

describe('extractLeaseFacts: a Lessor/Lessee lease with "hereinafter" and an annual rent in monthly installments', () => {
  const pages = [
    `APARTMENT LEASE
THIS LEASE is executed this 15th day of July, 2026, by and between Riverside Holdings Inc., hereinafter referred to as "Lessor", and Emily Chen, hereinafter referred to as "Lessee".
Lessor hereby leases to Lessee the apartment located at 700 River Road, Apartment 5C, Austin, TX 78701.
The lease term is from August 1, 2026 through July 31, 2027.
Lessee shall pay an annual rent of $26,400.00, payable in monthly installments of $2,200.00 on or before the fifth (5th) day of each calendar month.
Lessee shall deposit $2,200.00 as a security deposit.
Lessee shall give Lessor written notice of at least thirty (30) days before vacating the apartment.`,
  ];
  const facts = extractLeaseFacts(pages);

  it('reads the parties named with "hereinafter referred to as"', () => {
    expect(facts.landlord?.value).toBe('Riverside Holdings Inc.');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Emily Chen']);
  });

  it('reads "from … through …" and the execution date as the agreement date', () => {
    expect(facts.startDate?.value).toBe('2026-08-01');
    expect(facts.endDate?.value).toBe('2027-07-31');
    expect(facts.otherKeyDates.map(({ value }) => value)).toEqual([{ label: 'Agreement date', date: '2026-07-15' }]);
  });

  it('takes the monthly installment, not the annual rent, and the deposit stated before its name', () => {
    expect(facts.monthlyRent?.value.amountCents).toBe(220_000);
    expect(facts.rentDueDay?.value).toBe(5);
    expect(facts.noticePeriodDays?.value).toBe(30);
    expect(facts.premises?.value).toBe('700 River Road, Apartment 5C, Austin, TX 78701');
  });
});

describe('extractLeaseFacts: a form-style lease of labelled fields', () => {
  const pages = [
    `LEASE SUMMARY
Landlord: Bayview Rentals LLC
Tenant(s): Marcus Green, Aisha Green
Property Address: 12 Cedar Court, Unit 3, Tampa, FL 33602
Lease Start Date: 01/01/27
Lease End Date: 12/31/27
Monthly Rent: $1,975.00
Security Deposit: $1,975.00
Rent Due Date: 1st`,
  ];
  const facts = extractLeaseFacts(pages);

  it('reads each labelled field with its line as the source', () => {
    expect(facts.landlord?.value).toBe('Bayview Rentals LLC');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Marcus Green', 'Aisha Green']);
    expect(facts.premises?.value).toBe('12 Cedar Court, Unit 3, Tampa, FL 33602');
    expect(facts.startDate?.value).toBe('2027-01-01');
    expect(facts.endDate?.value).toBe('2027-12-31');
    expect(facts.monthlyRent?.value.amountCents).toBe(197_500);
    expect(facts.securityDeposit?.value.amountCents).toBe(197_500);
    expect(facts.rentDueDay?.value).toBe(1);
    for (const fact of [facts.landlord!, facts.premises!, facts.startDate!, facts.monthlyRent!]) {
      expect(pages[0]!.slice(fact.source.start, fact.source.end)).toBe(fact.text);
    }
    expect(facts.startDate?.source.sentence).toBe('Lease Start Date: 01/01/27');
    expect(facts.monthlyRent?.source.sentence).toBe('Monthly Rent: $1,975.00');
  });
});
