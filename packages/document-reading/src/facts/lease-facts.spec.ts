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
    expect(facts.noticePeriod?.value).toEqual({ amount: 60, unit: 'days' });
    expect(facts.noticePeriod?.source.sentence).toMatch(/^7\. TERMINATION\. Either party may terminate/);
  });

  it('labels the other key dates', () => {
    expect(facts.otherKeyDates.map(({ value }) => value)).toEqual([
      { label: 'Agreement date', date: '2026-03-03' },
      { label: 'Move-in inspection', date: '2026-03-30' },
      { label: 'Renewal notice deadline', date: '2027-01-30' },
    ]);
    const renewal = facts.otherKeyDates[2]!;
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
    expect(facts.noticePeriod?.value).toEqual({ amount: 30, unit: 'days' });
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

  it('reads "from … through …" and the execution date as the signing date', () => {
    expect(facts.startDate?.value).toBe('2026-08-01');
    expect(facts.endDate?.value).toBe('2027-07-31');
    expect(facts.otherKeyDates.map(({ value }) => value)).toEqual([{ label: 'Signing date', date: '2026-07-15' }]);
  });

  it('takes the monthly installment, not the annual rent, and the deposit stated before its name', () => {
    expect(facts.monthlyRent?.value.amountCents).toBe(220_000);
    expect(facts.rentDueDay?.value).toBe(5);
    expect(facts.noticePeriod?.value).toEqual({ amount: 30, unit: 'days' });
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

/**
 * Whole leases written for these tests, with what trips readers up: signature blocks whose dates follow the names,
 * two tenants, a form's blanks, a month-to-month tenancy, a long insurance clause, "Tenant: Unit A", a signing date in
 * a sentence about renewal.
 */
describe('extractLeaseFacts: a California form with a second tenant and a renewal that continues month to month', () => {
  const pages = [
    `CALIFORNIA RESIDENTIAL LEASE AGREEMENT

Date: September 2, 2026

1. PARTIES: Coastal Crest Realty Inc. ("Owner") and Hannah Brooks, Jordan Brooks ("Resident") agree as follows:

2. PROPERTY: Owner rents to Resident the real property and improvements described as: 88 Seacliff Drive, Apt. 12,
Santa Cruz, CA 95060 ("Premises").

3. TERM: The term begins on (date) October 1, 2026 ("Commencement Date"), and shall terminate on (date) September 30,
2027.

4. RENT: Resident agrees to pay $2,895.00 per month for the term of the Agreement. Rent is payable in advance on the 1st
(or ___) day of each calendar month, and is delinquent on the next day.

5. LATE CHARGE: If any installment of Rent due from Resident is not received by Owner within 5 (or ___) calendar days
after the date due, Resident shall pay to Owner an additional sum of $95.00 as a Late Charge.`,
    `6. SECURITY DEPOSIT: Resident agrees to pay $3,500.00 as a security deposit.

7. PETS: No animal, bird or pet shall be kept on or about the Premises without Owner's prior written consent.

8. UTILITIES: Resident agrees to pay for all utilities and services, except water and trash, which shall be paid by
Owner.

9. INSURANCE: Resident's personal property and vehicles are not insured by Owner. Resident shall carry renter's
insurance with liability coverage of not less than $100,000 and shall name Owner as an additional insured.

10. RENEWAL: At the end of the term, this Agreement shall automatically continue on a month-to-month basis unless
either party gives written notice to the other at least thirty (30) days prior to the end of the term.

Resident                                           Date  09/02/2026
Hannah Brooks
Resident                                           Date  09/02/2026
Jordan Brooks
Owner: Coastal Crest Realty Inc.   By: Peter Vance, Broker      Date 09/02/2026`,
  ];
  const facts = extractLeaseFacts(pages);

  it('reads both residents and the owner, and the address before its definition', () => {
    expect(facts.landlord?.value).toBe('Coastal Crest Realty Inc.');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Hannah Brooks', 'Jordan Brooks']);
    expect(facts.premises?.value).toBe('88 Seacliff Drive, Apt. 12, Santa Cruz, CA 95060');
    expect(facts.unit?.value).toBe('Apt. 12');
  });

  it('reads the term, rent, the form\'s due day and grace period, the late charge and the deposit', () => {
    expect(facts.startDate?.value).toBe('2026-10-01');
    expect(facts.endDate?.value).toBe('2027-09-30');
    expect(facts.monthToMonth).toBeUndefined();
    expect(facts.monthlyRent?.value.amountCents).toBe(289_500);
    expect(facts.rentDueDay?.value).toBe(1);
    expect(facts.gracePeriodDays?.value).toBe(5);
    expect(facts.lateFee?.value.amountCents).toBe(9_500);
    expect(facts.securityDeposit?.value.amountCents).toBe(350_000);
  });

  it('computes the notice deadline from the end date and the notice period', () => {
    expect(facts.noticePeriod?.value).toEqual({ amount: 30, unit: 'days' });
    expect(facts.noticeDeadline).toMatchObject({ value: '2027-08-31', derived: true });
    expect(facts.noticeDeadline!.sources.map((source) => at(pages, source))).toEqual(['September 30,\n2027', 'thirty (30) days']);
  });

  it('keeps the renewal, pets and utilities clauses as written', () => {
    expect(facts.renewalTerms?.value).toMatch(/^10\. RENEWAL: At the end of the term, this Agreement shall automatically continue on a month-to-month basis/);
    expect(facts.pets?.value).toMatch(/No animal, bird or pet shall be kept/);
    expect(facts.utilities?.value).toMatch(/pay for all utilities and services, except water and trash/);
  });
});

describe('extractLeaseFacts: a month-to-month rental agreement', () => {
  const pages = [
    `MONTH-TO-MONTH RENTAL AGREEMENT

This Rental Agreement is entered into on 8/20/2026 by Bluebonnet Property Group, L.L.C. (hereinafter "Landlord") and
Marcus T. Bell and Renee Bell (hereinafter "Tenants").

Property. Tenants will rent the house located at 1207 Pecan Street, Austin, Texas 78702.

Term. The tenancy will begin on September 1, 2026 and will continue on a month-to-month basis until ended by either
party. Either party may terminate this Agreement by giving the other party at least 30 days' written notice.

Rent. Rent is $1,650 per month, payable on or before the fifth day of each month. A late fee of $50 will be charged
for rent paid after the fifth day of the month.

Deposit. Tenants shall pay a security deposit of $1,650 on signing.

Landlord: ______________________ Date: 8/20/2026
Tenant: ______________________ Date: 8/20/2026
Tenant: ______________________ Date: 8/20/2026`,
  ];
  const facts = extractLeaseFacts(pages);

  it('has no end date, no term and no notice deadline, but the notice to end it', () => {
    expect(facts.monthToMonth?.value).toBe(true);
    expect(facts.startDate?.value).toBe('2026-09-01');
    expect(facts.endDate).toBeUndefined();
    expect(facts.termMonths).toBeUndefined();
    expect(facts.noticePeriod?.value).toEqual({ amount: 30, unit: 'days' });
    expect(facts.noticeDeadline).toBeUndefined();
  });

  it('reads the parties, premises and money; the blank signature lines name no one', () => {
    expect(facts.landlord?.value).toBe('Bluebonnet Property Group, L.L.C.');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Marcus T. Bell', 'Renee Bell']);
    expect(facts.premises?.value).toBe('1207 Pecan Street, Austin, Texas 78702');
    expect(facts.monthlyRent?.value.amountCents).toBe(165_000);
    expect(facts.rentDueDay?.value).toBe(5);
    expect(facts.gracePeriodDays?.value).toBe(0);
    expect(facts.lateFee?.value.amountCents).toBe(5_000);
    expect(facts.securityDeposit?.value.amountCents).toBe(165_000);
  });

  it('labels the signature block\'s dates as signing dates', () => {
    expect(facts.otherKeyDates.map(({ value }) => value)).toEqual([
      { label: 'Agreement date', date: '2026-08-20' },
      { label: 'Signing date', date: '2026-08-20' },
    ]);
  });
});

describe('extractLeaseFacts: a Lessor/Lessee lease in capitals with a notice in months and a signing date beside "renewal"', () => {
  const pages = [
    `LEASE

THIS LEASE made this 1st day of May, 2026, between HARBORLIGHT APARTMENTS LLC, Lessor, and KEIKO TANAKA, Lessee.

WITNESSETH: Lessor leases to Lessee Apartment No. 7C in the building known as 450 Harbor Boulevard, Long Beach,
California 90802, for a term of one (1) year beginning June 1, 2026.

Lessee shall pay rent of Two Thousand One Hundred Dollars ($2,100.00) per month in advance on the first day of each
month.

Lessee has deposited $2,100.00 with Lessor as security for the performance of this lease.

Should Lessee wish to renew this lease, Lessee shall so notify Lessor in writing not less than two (2) months prior to
the expiration hereof; renewal shall be on terms then agreed.

Lessee shall not keep any dog, cat or other animal in the apartment.

IN WITNESS WHEREOF, the parties have signed this lease, including the renewal provision above, on May 1, 2026.`,
  ];
  const facts = extractLeaseFacts(pages);

  it('reads parties named with a bare role after a comma', () => {
    expect(facts.landlord?.value).toBe('HARBORLIGHT APARTMENTS LLC');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['KEIKO TANAKA']);
    expect(facts.premises?.value).toBe('450 Harbor Boulevard, Long Beach, California 90802');
  });

  it('derives the end from a term of one year and the deadline two calendar months before it', () => {
    expect(facts.startDate?.value).toBe('2026-06-01');
    expect(facts.endDate).toMatchObject({ value: '2027-05-31', derived: true });
    expect(facts.termMonths?.value).toBe(12);
    expect(facts.noticePeriod?.value).toEqual({ amount: 2, unit: 'months' });
    expect(facts.noticeDeadline?.value).toBe('2027-03-31');
    expect(facts.monthlyRent?.value.amountCents).toBe(210_000);
    expect(facts.rentDueDay?.value).toBe(1);
    expect(facts.securityDeposit?.value.amountCents).toBe(210_000);
  });

  it('labels the date the lease was signed a signing date, never a renewal date', () => {
    expect(facts.otherKeyDates.map(({ value }) => value)).toEqual([
      { label: 'Agreement date', date: '2026-05-01' },
      { label: 'Signing date', date: '2026-05-01' },
    ]);
  });
});

describe('extractLeaseFacts: a form of labelled lines with "Tenant: Unit A" and a rent increase on renewal', () => {
  const pages = [
    `RENTAL AGREEMENT – 22 Willow Court

Owner/Agent: Maple Leaf Property Services Inc.
Tenant: Unit A
Tenant Name(s): Oliver Grant; Sofia Grant
Property: 22 Willow Court, Unit A, Boise, ID 83702
Lease Start Date: 11/01/2026
Lease End Date: 10/31/2027
Monthly Rent: $1,395.00 due on the 1st day of each month
Security Deposit: $1,395.00
Late Fee: $75.00 if rent is not paid by the 4th
Notice to vacate: 45 days before the end of the lease

Rent will increase to $1,450.00 per month if this lease is renewed for a second year.`,
  ];
  const facts = extractLeaseFacts(pages);

  it('never takes a unit for a tenant', () => {
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Oliver Grant', 'Sofia Grant']);
    expect(facts.landlord?.value).toBe('Maple Leaf Property Services Inc.');
    expect(facts.premises?.value).toBe('22 Willow Court, Unit A, Boise, ID 83702');
    expect(facts.unit?.value).toBe('Unit A');
  });

  it('reads the form\'s lines, the grace period from "not paid by the 4th", and not the renewal rent', () => {
    expect(facts.startDate?.value).toBe('2026-11-01');
    expect(facts.endDate?.value).toBe('2027-10-31');
    expect(facts.monthlyRent?.value.amountCents).toBe(139_500);
    expect(facts.rentDueDay?.value).toBe(1);
    expect(facts.gracePeriodDays?.value).toBe(3);
    expect(facts.lateFee?.value.amountCents).toBe(7_500);
    expect(facts.securityDeposit?.value.amountCents).toBe(139_500);
    expect(facts.noticePeriod?.value).toEqual({ amount: 45, unit: 'days' });
    expect(facts.noticeDeadline?.value).toBe('2027-09-16');
  });
});

describe('extractLeaseFacts: a lease with a long insurance clause, a percentage late fee and names signed beside dates', () => {
  const pages = [
    `RESIDENTIAL LEASE

Landlord: Summit Ridge Homes LLC
Tenants: Aaron Whitfield and Beatriz Whitfield
Address of Premises: 9 Aspen Way, Apt 2, Denver, CO 80205

The lease term is twelve months beginning January 15, 2027 and ending January 14, 2028.
Tenant will pay $1,780 on the fifteenth of each month.
A late fee of 5% of the monthly rent applies after a 3-day grace period.
The security deposit equals one month's rent.
Tenant must provide written notice of intent to move out at least 60 days before the lease ends.

INSURANCE. Tenant shall obtain renters insurance with personal liability coverage of at least $300,000 and name
Landlord as an additional insured. Landlord's insurance does not cover Tenant's belongings. The insurance policy
number, the insurer and the coverage limits shall be given to Landlord before move-in, and again at each renewal of
the policy. A lapse in coverage is a default under this Lease.

SIGNATURES
Aaron Whitfield                 Date 01/05/2027
Beatriz Whitfield               Date 01/06/2027
Summit Ridge Homes LLC, Landlord Date 01/05/2027`,
  ];
  const facts = extractLeaseFacts(pages);

  it('reads what is stated and leaves the late fee (a percentage) and the deposit (no amount) empty', () => {
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Aaron Whitfield', 'Beatriz Whitfield']);
    expect(facts.landlord?.value).toBe('Summit Ridge Homes LLC');
    expect(facts.premises?.value).toBe('9 Aspen Way, Apt 2, Denver, CO 80205');
    expect(facts.termMonths?.value).toBe(12);
    expect(facts.endDate).toMatchObject({ value: '2028-01-14', derived: false });
    expect(facts.monthlyRent?.value.amountCents).toBe(178_000);
    expect(facts.rentDueDay?.value).toBe(15);
    expect(facts.gracePeriodDays?.value).toBe(3);
    expect(facts.lateFee).toBeUndefined();
    expect(facts.securityDeposit).toBeUndefined();
    expect(facts.noticeDeadline?.value).toBe('2027-11-15');
  });
});

describe('extractLeaseFacts: who gives the notice', () => {
  it('takes the tenant\'s notice, not the landlord\'s', () => {
    const facts = extractLeaseFacts([
      'The term begins on March 1, 2026 and ends on February 28, 2027. Landlord shall give Tenant sixty (60) days\' written notice of non-renewal. Tenant shall give thirty (30) days\' written notice of intent to vacate at the end of the term.',
    ]);
    expect(facts.noticePeriod?.value).toEqual({ amount: 30, unit: 'days' });
    expect(facts.noticeDeadline?.value).toBe('2027-01-29');
  });

  it('reads landlords described after their names ("…, husband and wife")', () => {
    const facts = extractLeaseFacts(['This Lease is made on January 5, 2027 by and between JOHN R. MILLER and SUSAN MILLER, husband and wife ("Landlord"), and Paul Ngata ("Tenant").']);
    expect(facts.landlord?.value).toBe('JOHN R. MILLER and SUSAN MILLER');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Paul Ngata']);
  });

  it('names nobody for "John and Jane Doe", where the first name alone is no name', () => {
    expect(extractLeaseFacts(['Tenant(s): John and Jane Doe']).tenants).toEqual([]);
  });
});

describe('extractLeaseFacts: a form whose parties sit on the lines below their labels, with a range for the term', () => {
  const facts = extractLeaseFacts([`RESIDENTIAL LEASE AGREEMENT

LANDLORD:
Cascade Valley Rentals, Inc.

TENANT(S):
Rosa M. Delgado
Kevin Delgado

PROPERTY: The Landlord agrees to rent to the Tenant the residential dwelling which is located at 7420 SE Division Street, Apt. 9, Portland, OR 97206.

TERM: This lease is for the period of August 1, 2026 through July 31, 2027.

RENT: The monthly rental is $1,640.00, payable in advance on or before the first (1st) day of each month. If rent is not received by 5:00 p.m. on the fourth day of the month, a late charge of $82.00 will be assessed.

SECURITY DEPOSIT: On signing this lease, Tenant will pay a deposit of $1,640.00 (the "Security Deposit").

NOTICE TO VACATE: Tenant must give Landlord a 60-day written notice before moving out at the end of the lease term.

PETS: One cat is allowed with a pet fee of $250.

Signature of Landlord: ____________________   Date: 07/15/2026
Signature of Tenant: ____________________     Date: 07/15/2026
Signature of Tenant: ____________________     Date: 07/16/2026`]);

  it('reads the landlord and both tenants below their labels, and the premises after "located at"', () => {
    expect(facts.landlord?.value).toBe('Cascade Valley Rentals, Inc.');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Rosa M. Delgado', 'Kevin Delgado']);
    expect(facts.premises?.value).toBe('7420 SE Division Street, Apt. 9, Portland, OR 97206');
  });

  it('reads "for the period of … through …", the grace period before "by 5:00 p.m. on the fourth day" and a 60-day notice', () => {
    expect(facts.startDate?.value).toBe('2026-08-01');
    expect(facts.endDate?.value).toBe('2027-07-31');
    expect(facts.gracePeriodDays).toMatchObject({ value: 3, derived: true });
    expect(facts.lateFee?.value.amountCents).toBe(8_200);
    expect(facts.securityDeposit?.value.amountCents).toBe(164_000);
    expect(facts.noticeDeadline?.value).toBe('2027-06-01');
    expect(facts.otherKeyDates.map(({ value }) => value)).toEqual([
      { label: 'Signing date', date: '2026-07-15' },
      { label: 'Signing date', date: '2026-07-16' },
    ]);
  });
});

describe('extractLeaseFacts: a renewal option\'s term is not the lease\'s', () => {
  const facts = extractLeaseFacts([`COMMERCIAL-STYLE RESIDENTIAL LEASE

Effective Date: 01/10/2027
Landlord: Granite Peak Holdings LLC
Tenant: Dmitri Volkov
Premises: 1200 Summit Blvd., Suite 4, Boulder, CO 80302
Lease Term: 02/01/2027 - 01/31/2028
Base Monthly Rent: $2,300.00
Rent Due: 1st of each month
Late Fee: $115.00 (after the 5th)
Security Deposit: $2,300.00
Renewal: Tenant may renew for one additional twelve (12) month term by written notice to Landlord at least sixty (60) days before the end of the term.`]);

  it('reads the form\'s range, "Rent Due: 1st" and the grace period before "(after the 5th)", and no term from the renewal option', () => {
    expect(facts.startDate?.value).toBe('2027-02-01');
    expect(facts.endDate?.value).toBe('2028-01-31');
    expect(facts.termMonths).toBeUndefined();
    expect(facts.rentDueDay?.value).toBe(1);
    expect(facts.gracePeriodDays?.value).toBe(4);
    expect(facts.monthlyRent?.value.amountCents).toBe(230_000);
    expect(facts.noticeDeadline?.value).toBe('2027-12-02');
  });
});

describe('extractLeaseFacts: two landlords, a deposit stated in words with its figure in brackets, and the landlord\'s notice of a rent increase', () => {
  const facts = extractLeaseFacts([`RENTAL AGREEMENT

Maria and Jose Hernandez ("Landlords") rent to Thomas Becker ("Tenant") the upstairs apartment at 55 Walnut Street, 2nd Floor, Allentown, PA 18102.

The lease begins July 1, 2026 and expires June 30, 2027. Monthly rent: $975, due by the 3rd of every month. Late charge $35 after the 3rd.

Security deposit of two months rent ($1,950) paid at signing.

Tenant will give 30 days notice prior to end of lease if not renewing. Landlord will give 60 days notice of any rent increase.

Tenant is required to carry renters insurance. Insurance must cover at least $50,000 in liability.`]);

  it('reads each as written', () => {
    expect(facts.landlord?.value).toBe('Maria and Jose Hernandez');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Thomas Becker']);
    expect(facts.premises?.value).toBe('55 Walnut Street, 2nd Floor, Allentown, PA 18102');
    expect(facts.securityDeposit?.value.amountCents).toBe(195_000);
    expect(facts.rentDueDay?.value).toBe(3);
    expect(facts.gracePeriodDays?.value).toBe(0);
    expect(facts.noticePeriod?.value).toEqual({ amount: 30, unit: 'days' });
    expect(facts.noticeDeadline?.value).toBe('2027-05-31');
  });
});

describe('extractLeaseFacts: tenants who sign "jointly and severally", a term heading in title case, a rent line with a pet rent', () => {
  const facts = extractLeaseFacts([`RESIDENTIAL LEASE

This Lease Agreement (“Agreement”) is entered into as of March 15, 2026 (the “Effective Date”) by Palm Grove Apartments, LP, a Florida limited partnership (“Landlord”), and Jamal Carter & Alicia Carter (jointly and severally, “Tenant”).

1. Premises. Landlord leases to Tenant Apartment 12B, 400 Lakeshore Drive, Tampa, Florida 33602 (the “Premises”).
2. Term. 3/28/26 to 3/31/27.
3. Rent. Total Monthly Payment: $1,575 (Rent $1,500 + Pet Rent $75), due on or before the first of each month.
4. Notice of Non-Renewal: 30 days.

TENANT SIGNATURE                          DATE
Jamal Carter                              3/15/2026
Alicia Carter                             3/15/2026`]);

  it('reads both tenants and the dates under "2. Term."', () => {
    expect(facts.landlord?.value).toBe('Palm Grove Apartments, LP');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Jamal Carter', 'Alicia Carter']);
    expect(facts.premises?.value).toBe('Apartment 12B, 400 Lakeshore Drive, Tampa, Florida 33602');
    expect(facts.startDate?.value).toBe('2026-03-28');
    expect(facts.endDate?.value).toBe('2027-03-31');
    expect(facts.monthlyRent?.value.amountCents).toBe(150_000);
    expect(facts.noticePeriod?.value).toEqual({ amount: 30, unit: 'days' });
    expect(facts.pets).toBeUndefined();
  });
});

describe('extractLeaseFacts: a Spanish lease', () => {
  const facts = extractLeaseFacts([`CONTRATO DE ARRENDAMIENTO DE VIVIENDA

ARRENDADOR: Inmobiliaria Sol del Valle, S.A. de C.V.
ARRENDATARIO: Carlos Ramírez Ortega

PRIMERA. El Arrendador da en arrendamiento al Arrendatario el departamento ubicado en 2210 Calle Álamo, Depto. 3, San Antonio, Texas 78207.
SEGUNDA. El plazo del contrato es de doce (12) meses, que inicia el 1 de marzo de 2026 y termina el 28 de febrero de 2027.
TERCERA. La renta mensual es de $1,150.00, pagadera a más tardar el día 5 de cada mes. Si la renta se paga después del día 5, se cobrará un recargo de $50.00.
CUARTA. El Arrendatario entrega un depósito en garantía de $1,150.00.
QUINTA. Si el Arrendatario no desea renovar, deberá avisar por escrito con treinta (30) días de anticipación al vencimiento del contrato.
`]);

  it('reads its parties, premises, term, rent, due day, deposit and notice', () => {
    expect(facts.landlord?.value).toBe('Inmobiliaria Sol del Valle, S.A. de C.V.');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Carlos Ramírez Ortega']);
    expect(facts.premises?.value).toBe('2210 Calle Álamo, Depto. 3, San Antonio, Texas 78207');
    expect(facts.startDate?.value).toBe('2026-03-01');
    expect(facts.endDate?.value).toBe('2027-02-28');
    expect(facts.monthlyRent?.value.amountCents).toBe(115_000);
    expect(facts.rentDueDay?.value).toBe(5);
    expect(facts.securityDeposit?.value.amountCents).toBe(115_000);
    expect(facts.noticeDeadline?.value).toBe('2027-01-29');
  });
});

describe('extractLeaseFacts: a due day far from the verb, after the amount in words and figures', () => {
  it.each([
    ['Resident shall pay Owner rent of Two Thousand One Hundred Fifteen Dollars ($2,115.00) per month, without demand or deduction, on or before the second (2nd) day of each month.', 2],
    ['Tenant agrees to pay Landlord the sum of One Thousand Nine Hundred Eighty Dollars ($1,980.00) each month for the premises and parking, no later than the 4th of each month.', 4],
  ])('%s', (sentence, day) => {
    const facts = extractLeaseFacts([sentence]);
    expect(facts.rentDueDay?.value).toBe(day);
  });
});

describe('extractLeaseFacts: a Spanish due day written as a word', () => {
  it.each([
    ['a más tardar el día primero (1) de cada mes', 1],
    ['a más tardar el primer día de cada mes', 1],
    ['a más tardar el día cinco (5) de cada mes', 5],
    ['por adelantado el primer (1) día de cada mes', 1],
    ['por adelantado el segundo (2) día de cada mes', 2],
  ])('reads "%s" as day %i, and not the day after which rent is late', (due, day) => {
    const facts = extractLeaseFacts([`TERCERA. RENTA. Los Arrendatarios pagarán una renta mensual de $1,425.00, por adelantado, ${due}. Si la renta se recibe después del día siete (7) del mes, los Arrendatarios pagarán un cargo por atraso de $65.00.`]);
    expect(facts.rentDueDay?.value).toBe(day);
    expect(facts.monthlyRent?.value.amountCents).toBe(142_500);
  });
});

describe('extractLeaseFacts: an owner company signing through its managing agent, a rent line without "month", signature columns', () => {
  const facts = extractLeaseFacts([`RESIDENTIAL LEASE

This Residential Lease ("Lease") is between Lakeview Towers Owner LLC, by its managing agent Brightline Management Inc. ("Landlord"), and Hana Kim and Daniel Kim ("Resident").

Premises: 14 Poplar Street, Unit A, Eugene, OR 97401
Lease Term: Twelve months (June 1, 2026 – May 31, 2027)
Rent: $1,400.00
Rent is due on or before the first (1st) of each month. Late charge: $50 plus $10/day if rent is received after the 3rd.
Security Deposit: $1,000 (refundable)

Resident shall give Landlord written notice of intent to vacate no later than forty-five (45) days before the end of the Lease Term.

This Lease was signed on May 20, 2026, and the renewal option must be exercised by March 1, 2027.

LANDLORD                                   RESIDENT
Lakeview Towers Owner LLC                  Hana Kim
By: ____________________                   ____________________
Date: May 20, 2026                         Date: May 20, 2026
                                           Daniel Kim
                                           Date: May 21, 2026`]);

  it('names the owner, not its agent, and reads the form\'s lines', () => {
    expect(facts.landlord?.value).toBe('Lakeview Towers Owner LLC');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Hana Kim', 'Daniel Kim']);
    expect(facts.premises?.value).toBe('14 Poplar Street, Unit A, Eugene, OR 97401');
    expect(facts.startDate?.value).toBe('2026-06-01');
    expect(facts.endDate?.value).toBe('2027-05-31');
    expect(facts.monthlyRent?.value.amountCents).toBe(140_000);
    expect(facts.gracePeriodDays?.value).toBe(2);
    expect(facts.noticeDeadline?.value).toBe('2027-04-16');
  });

  it('labels the signing date as such, and the renewal option\'s deadline by the words next to it', () => {
    expect(facts.otherKeyDates.map(({ value }) => value)).toEqual([
      { label: 'Signing date', date: '2026-05-20' },
      { label: 'Renewal notice deadline', date: '2027-03-01' },
    ]);
  });
});

describe('extractLeaseFacts: a month-to-month form with "Tenant: Unit A", names with dates on their lines, and a prorated first month', () => {
  const facts = extractLeaseFacts([`MONTH-TO-MONTH RESIDENTIAL RENTAL AGREEMENT

Date of Lease: April 20, 2026

Landlord: Henrik Larsen
Tenant: Unit A
Tenant Name: Olivia Park   Date: 04/20/2026
Co-Tenant: Samuel Park   Date: 04/20/2026
Property Address: 8 Fern Hollow Road, Unit A, Asheville, NC 28801

The term of this Agreement is month-to-month, commencing on May 1, 2026. Tenant shall pay as rent the sum of One Thousand Two Hundred Dollars ($1,200.00) per month, due on the 1st. The first month's rent is prorated from May 1 to May 31, 2026 as a full month. Landlord or Tenant may terminate this Agreement by giving the other thirty (30) days' written notice. Tenants must carry renter's insurance; Landlord's insurance does not cover Tenant's property. Insurance proof is due at move-in.`]);

  it('reads the tenants and no unit or date in their names, and no end date', () => {
    expect(facts.landlord?.value).toBe('Henrik Larsen');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Olivia Park', 'Samuel Park']);
    expect(facts.monthToMonth?.value).toBe(true);
    expect(facts.endDate).toBeUndefined();
    expect(facts.noticeDeadline).toBeUndefined();
    expect(facts.monthlyRent?.value.amountCents).toBe(120_000);
    expect(facts.noticePeriod?.value).toEqual({ amount: 30, unit: 'days' });
  });

  it('labels the date of the lease and the tenants\' signing dates, and no date of the prorated month', () => {
    expect(facts.otherKeyDates.map(({ value }) => value)).toEqual([
      { label: 'Agreement date', date: '2026-04-20' },
      { label: 'Signing date', date: '2026-04-20' },
    ]);
  });
});

describe('extractLeaseFacts: an apartment lease contract addressing "you" and "us"', () => {
  const facts = extractLeaseFacts([`APARTMENT LEASE CONTRACT

1. PARTIES. This Lease Contract is between you, the resident(s): Wei Zhang, Li Na Zhang, and us, the owner: Riverbend Commons, L.P.
2. APARTMENT. You are leasing Apartment No. 210 at 5600 Riverbend Parkway, Houston, Texas 77002.
3. TERM. The initial term begins on the 1st day of September, 2026 and ends at midnight the 31st day of August, 2027. This Lease Contract will automatically renew month-to-month unless either party gives at least 60 days' written notice of termination or intent to move out.
4. RENT. You must pay $1,725.00 per month for rent, in advance and without demand, on or before the 1st day of each month. If you don't pay all rent on or before the 3rd day of the month, you'll pay an initial late charge of $75.00.
5. SECURITY DEPOSIT. The total security deposit at the time of signing for all residents is $500.00.
`]);

  it('reads the residents, the owner, the apartment and the grace period before "don\'t pay … on or before the 3rd"', () => {
    expect(facts.landlord?.value).toBe('Riverbend Commons, L.P.');
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Wei Zhang', 'Li Na Zhang']);
    expect(facts.premises?.value).toBe('Apartment No. 210 at 5600 Riverbend Parkway, Houston, Texas 77002');
    expect(facts.gracePeriodDays?.value).toBe(2);
    expect(facts.noticePeriod?.value).toEqual({ amount: 60, unit: 'days' });
    expect(facts.monthToMonth).toBeUndefined();
    expect(facts.noticeDeadline?.value).toBe('2027-07-02');
  });
});
