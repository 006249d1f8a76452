import { addDays, mergeLease } from './tenant.validation.js';

describe('lease facts (the contract checked each field already)', () => {
  const current = { lease_start: '2026-01-01', lease_end: '2026-12-31', rent_amount_cents: 150000 };

  it('keeps what the request leaves out, clears what it sets to null', () => {
    expect(mergeLease({ rent_amount_cents: 160000 }, current)).toEqual({
      ok: true,
      value: { leaseStart: '2026-01-01', leaseEnd: '2026-12-31', rentAmountCents: 160000 },
    });
    expect(mergeLease({ lease_end: null, rent_amount_cents: null }, current)).toEqual({
      ok: true,
      value: { leaseStart: '2026-01-01', leaseEnd: null, rentAmountCents: null },
    });
  });

  it('wants the end after the start, stored or sent (the same day is not after)', () => {
    expect(mergeLease({ lease_end: '2025-12-31' }, current)).toEqual({ ok: false, message: 'Lease end date must be after the start date' });
    expect(mergeLease({ lease_start: '2026-06-01', lease_end: '2026-06-01' }, {})).toEqual({
      ok: false,
      message: 'Lease end date must be after the start date',
    });
  });

  it('counts calendar days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
