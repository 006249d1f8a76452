import { addDays, isIsoDay, normalisePhone, validateInvite, validateLease, validateTenantDetails, validateWindowDays } from './tenant.validation.js';

describe('tenant details', () => {
  it.each([undefined, null, '', '  '])('requires the full name (%j)', (fullName) => {
    expect(validateTenantDetails({ full_name: fullName, contacts: [] })).toEqual({ ok: false, message: 'Full name is required' });
  });

  it('drops empty contacts, keeps e-mails as written and phones as 10 digits', () => {
    expect(
      validateTenantDetails({
        full_name: ' Jordan Lee ',
        contacts: [
          { type: 'email', value: ' jordan@example.com ' },
          { type: 'phone', value: '' },
          { type: 'email', value: null },
          { type: 'phone', value: '(555) 123-4567' },
        ],
      }),
    ).toEqual({
      ok: true,
      value: {
        fullName: 'Jordan Lee',
        contacts: [
          { type: 'email', value: 'jordan@example.com' },
          { type: 'phone', value: '5551234567' },
        ],
      },
    });
  });

  it.each(['jordan', 'jordan@example', 'jordan @example.com', '@example.com'])('refuses the e-mail %j', (value) => {
    expect(validateTenantDetails({ full_name: 'J', contacts: [{ type: 'email', value }] })).toEqual({ ok: false, message: 'Invalid email address' });
  });

  it.each(['555123456', '55512345678', '(555) 123-456a', '+2 555 123 4567', '555.123.4567'])('refuses the phone %j', (value) => {
    expect(validateTenantDetails({ full_name: 'J', contacts: [{ type: 'phone', value }] })).toEqual({
      ok: false,
      message: 'Phone number must be in format (999) 999-9999',
    });
  });

  it('accepts the phone forms the dialog and people type', () => {
    for (const value of ['5551234567', '(555) 123-4567', '555-123-4567', '+1 (555) 123-4567', '+15551234567']) {
      expect(normalisePhone(value)).toBe('5551234567');
    }
  });

  it('checks the name before the contacts', () => {
    expect(validateTenantDetails({ full_name: '', contacts: [{ type: 'email', value: 'bad' }] })).toEqual({ ok: false, message: 'Full name is required' });
  });
});

describe('lease facts', () => {
  const current = { lease_start: '2026-01-01', lease_end: '2026-12-31', rent_amount_cents: 150000 };

  it('keeps what the request leaves out, clears what it sets to null', () => {
    expect(validateLease({ rent_amount_cents: 160000 }, current)).toEqual({
      ok: true,
      value: { leaseStart: '2026-01-01', leaseEnd: '2026-12-31', rentAmountCents: 160000 },
    });
    expect(validateLease({ lease_end: null, rent_amount_cents: null }, current)).toEqual({
      ok: true,
      value: { leaseStart: '2026-01-01', leaseEnd: null, rentAmountCents: null },
    });
  });

  it.each(['2026-02-30', '2026-2-1', 'tomorrow', '2026-13-01'])('refuses the date %j', (day) => {
    expect(validateLease({ lease_end: day }, {})).toEqual({ ok: false, message: 'Invalid date' });
    expect(validateLease({ lease_start: day }, {})).toEqual({ ok: false, message: 'Invalid date' });
  });

  it('wants the end after the start (the same day is not after)', () => {
    expect(validateLease({ lease_end: '2025-12-31' }, current)).toEqual({ ok: false, message: 'Lease end date must be after the start date' });
    expect(validateLease({ lease_start: '2026-06-01', lease_end: '2026-06-01' }, {})).toEqual({
      ok: false,
      message: 'Lease end date must be after the start date',
    });
  });

  it.each([0, -100, 12.5])('refuses the rent %j', (rent) => {
    expect(validateLease({ rent_amount_cents: rent }, current)).toEqual({ ok: false, message: 'Rent must be a positive amount' });
  });

  it('knows calendar days', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2027-02-29')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('expiring-leases window', () => {
  it('defaults to 60 days', () => {
    expect(validateWindowDays(undefined)).toEqual({ ok: true, value: 60 });
    expect(validateWindowDays('')).toEqual({ ok: true, value: 60 });
  });

  it.each([1, 365, '15', '90'])('accepts %j', (days) => {
    expect(validateWindowDays(days)).toEqual({ ok: true, value: Number(days) });
  });

  it.each([0, 366, -5, 1.5, '0', 'abc', '10days'])('refuses %j', (days) => {
    expect(validateWindowDays(days)).toEqual({ ok: false, message: 'Days must be between 1 and 365' });
  });
});

describe('invitation', () => {
  it('wants a tenant, then a subject, then a message', () => {
    expect(validateInvite({ tenantIds: [], subject: 'S', body: 'B' })).toEqual({ ok: false, message: 'Please select at least one tenant' });
    expect(validateInvite({ subject: 'S', body: 'B' })).toEqual({ ok: false, message: 'Please select at least one tenant' });
    expect(validateInvite({ tenantIds: ['t1'], subject: ' ', body: 'B' })).toEqual({ ok: false, message: 'Subject is required' });
    expect(validateInvite({ tenantIds: ['t1'], subject: 'S', body: '' })).toEqual({ ok: false, message: 'Message is required' });
  });

  it('de-duplicates the tenant ids', () => {
    expect(validateInvite({ tenantIds: ['t1', 't2', 't1'], subject: 'S', body: 'B' })).toEqual({ ok: true, value: { tenantIds: ['t1', 't2'], subject: 'S', body: 'B' } });
  });
});
