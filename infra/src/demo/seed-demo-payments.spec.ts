import { DEMO_RENT_MONTHS, demoMonthPayment, demoThisMonth } from './seed-demo-payments.ts';
import { demoPortfolio } from './demo-portfolio.data.ts';

const rentedUnits = demoPortfolio.reduce((count, location) => count + new Set(location.tenants.map((tenant) => tenant.unit)).size, 0);

describe("the demo's rent history", () => {
  const months = Array.from({ length: rentedUnits }, (_, unit) => Array.from({ length: DEMO_RENT_MONTHS - 1 }, (_, i) => demoMonthPayment(unit, i + 1))).flat();

  it('has payments on time, late and in part over the year, most on time', () => {
    const kinds = months.map((month) => month.kind);
    for (const kind of ['on-time', 'late', 'partial'] as const) expect(kinds).toContain(kind);
    expect(kinds.filter((kind) => kind === 'on-time').length / kinds.length).toBeGreaterThan(0.8);
  });

  it('dates every payment on a day every month has, within the grace period when on time', () => {
    for (const month of months) {
      expect(month.day).toBeGreaterThanOrEqual(1);
      expect(month.day).toBeLessThanOrEqual(28);
      if (month.kind === 'on-time') expect(month.day).toBeLessThanOrEqual(5);
    }
  });

  it('this month has card and ACH payments, one ACH returned and one unit not paid, among the demo units', () => {
    const plans = new Set(Array.from({ length: rentedUnits }, (_, unit) => demoThisMonth(unit)));
    expect(plans).toEqual(new Set(['card', 'ach', 'ach-returned', 'unpaid']));
  });
});
