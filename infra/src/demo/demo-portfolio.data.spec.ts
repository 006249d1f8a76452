import { demoPortfolio, demoResident } from './demo-portfolio.data.ts';
import { leaseTerm } from './seed-demo-account.ts';

describe('the demo portfolio', () => {
  it("gives the demo resident a home at their own tenancy's building, and questions its Q&A answers", () => {
    const location = demoPortfolio.find((candidate) => candidate.name === demoResident.locationName)!;
    expect(location.tenants.find((tenant) => tenant.email === demoResident.email)?.fullName).toBe(demoResident.fullName);
    const { street, city, state, zip } = demoResident.home;
    expect(location.buildings.map((building) => building.addressText)).toContain(`${street}, ${city}, ${state} ${zip}`);
    for (const question of demoResident.questions) expect(location.questions.map((item) => item.question)).toContain(question);
  });

  it('is a single-family home, a small multi-unit and a 40-unit building with about 60 tenants', () => {
    expect(demoPortfolio.map(({ type, declaredUnitsCount }) => [type, declaredUnitsCount])).toEqual([
      ['MULTI_UNIT', 40],
      ['MULTI_UNIT', 4],
      ['SINGLE_FAMILY_HOME', undefined],
    ]);
    for (const location of demoPortfolio.filter(({ type }) => type === 'MULTI_UNIT')) {
      expect(location.buildings.flatMap((building) => building.units)).toHaveLength(location.declaredUnitsCount!);
    }
    expect(demoPortfolio.reduce((sum, location) => sum + location.tenants.length, 0)).toBe(60);
  });

  it('houses every tenant in a unit of its location, and names units once per location', () => {
    for (const location of demoPortfolio) {
      const units = location.buildings.flatMap((building) => building.units);
      expect(new Set(units).size).toBe(units.length);
      for (const tenant of location.tenants) expect(units).toContain(tenant.unit);
    }
  });

  it('has several leases ending within 60 days and every partner role but member', () => {
    const tenants = demoPortfolio.flatMap((location) => location.tenants);
    expect(tenants.filter((tenant) => tenant.leaseEndsInDays >= 0 && tenant.leaseEndsInDays <= 60).length).toBeGreaterThanOrEqual(5);
    expect(new Set(demoPortfolio.flatMap((location) => location.partners.map((partner) => partner.role)))).toEqual(new Set(['ADMIN', 'MANAGER', 'VENDOR', 'VIEWER']));
  });

  it('has most partners accepted, one or two pending, and two accepted emergency contacts', () => {
    const partners = demoPortfolio.flatMap((location) => location.partners);
    const pending = partners.filter((partner) => partner.invitation === 'pending');
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending.length).toBeLessThanOrEqual(2);
    expect(partners.filter((partner) => partner.emergencyContact).map((partner) => partner.invitation)).toEqual(['accepted', 'accepted']);
  });

  it('gives no two people the same e-mail address or phone number', () => {
    const people = demoPortfolio.flatMap((location) => [...location.tenants, ...location.partners]);
    const emails = people.flatMap((person) => (person.email ? [person.email] : []));
    const phones = people.flatMap((person) => (person.phone ? [person.phone] : []));
    expect(new Set(emails).size).toBe(emails.length);
    expect(new Set(phones).size).toBe(phones.length);
  });

  it('asks and answers what tenants ask about: trash, parking, quiet hours, repairs, rent', () => {
    const questions = demoPortfolio[0]!.questions.map(({ question }) => question).join('\n');
    for (const topic of [/trash/i, /park/i, /quiet/i, /repair/i, /rent/i]) expect(questions).toMatch(topic);
  });
});

describe('leaseTerm', () => {
  it('counts UTC days from today and starts the lease the day after the same date a term earlier', () => {
    expect(leaseTerm(new Date('2026-03-30T23:30:00Z'), 1, 12)).toEqual({ lease_start: '2025-04-01', lease_end: '2026-03-31' });
    expect(leaseTerm(new Date('2026-03-30T00:00:00Z'), 1, 1)).toEqual({ lease_start: '2026-03-01', lease_end: '2026-03-31' });
    expect(leaseTerm(new Date('2026-11-24T12:00:00Z'), 7, 24)).toEqual({ lease_start: '2024-12-02', lease_end: '2026-12-01' });
  });
});
