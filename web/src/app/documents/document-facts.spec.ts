import { factLabel, formatFactValue } from './document-facts.js';

describe('extracted facts as shown', () => {
  it('formats a date as a calendar day, whatever the viewer\'s time zone', () => {
    expect(formatFactValue('start_date', { kind: 'date', date: '2027-01-01' })).toBe('January 1, 2027');
  });

  it('formats money from cents in its currency', () => {
    expect(formatFactValue('monthly_rent', { kind: 'money', cents: 185_000, currency: 'USD' })).toBe('$1,850.00');
    expect(formatFactValue('security_deposit', { kind: 'money', cents: 99, currency: 'EUR' })).toBe('€0.99');
  });

  it('says what a number counts', () => {
    expect(formatFactValue('notice_period_days', { kind: 'number', value: 30 })).toBe('30 days');
    expect(formatFactValue('notice_period_days', { kind: 'number', value: 1 })).toBe('1 day');
    expect(formatFactValue('rent_due_day', { kind: 'number', value: 1 })).toBe('the 1st of the month');
    expect(formatFactValue('rent_due_day', { kind: 'number', value: 12 })).toBe('the 12th of the month');
    expect(formatFactValue('rent_due_day', { kind: 'number', value: 23 })).toBe('the 23rd of the month');
  });

  it('shows text as read and names a labelled date by its label', () => {
    expect(formatFactValue('landlord', { kind: 'text', text: 'Harbor View LLC' })).toBe('Harbor View LLC');
    expect(factLabel({ field: 'start_date', value: { kind: 'date', date: '2027-01-01' } })).toBe('Start date');
    expect(factLabel({ field: 'date', value: { kind: 'date', date: '2027-03-01', label: 'Move-in inspection' } })).toBe('Move-in inspection');
  });
});
