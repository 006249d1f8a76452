import type { z } from 'zod';
import { UpdateBuildingEmailTemplate } from '../messaging/rpc/email-templates.js';
import { CreateBuilding } from './rpc/building.js';
import { CreateContact, UpdateContact } from './rpc/contact.js';
import { CreateQuestion } from './rpc/knowledge.js';
import { SearchLocationPhoneNumbers } from './rpc/channels.js';
import { AddPartner, UpdatePartner } from './rpc/partner.js';
import { CreatePropertyLocation } from './rpc/property-location.js';
import { CreateTenant, InviteTenants, UpdateTenantMetadata } from './rpc/tenant.js';
import { ListExpiringLeases, SendLeaseRenewalEmail } from './rpc/todo.js';
import { CreateUnit } from './rpc/unit.js';
import { isIsoDay, normalisePhone } from './validation.js';

/** The message the caller gets (the first issue), or the clean request the handler gets. */
function outcome(schema: z.ZodType, input: unknown): { message: string } | { value: unknown } {
  const parsed = schema.safeParse(input);
  return parsed.success ? { value: parsed.data } : { message: parsed.error.issues[0]!.message };
}

const location = '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c';

describe('building', () => {
  it.each([
    [{}, 'Building name is required'],
    [{ name: '  ', property_location_id: location, address_text: '12 Elm St' }, 'Building name is required'],
    [{ name: 'A' }, 'Property Location is required'],
    [{ name: 'A', property_location_id: ' ', address_text: '12 Elm St' }, 'Property Location is required'],
    [{ name: 'A', property_location_id: location }, 'Building address is required'],
    [{ name: 'A', property_location_id: location, address_text: '' }, 'Building address is required'],
    [{ name: 'x'.repeat(201), property_location_id: location, address_text: '12 Elm St' }, 'Building name must be at most 200 characters'],
    [{ name: 'A\u0000', property_location_id: location, address_text: '12 Elm St' }, 'Building name contains characters that are not allowed'],
    [{ name: 'A\u202e', property_location_id: location, address_text: '12 Elm St' }, 'Building name contains characters that are not allowed'],
  ])('refuses %j with "%s" (form order)', (input, message) => {
    expect(outcome(CreateBuilding.request, input)).toEqual({ message });
  });

  it('trims what it keeps', () => {
    expect(outcome(CreateBuilding.request, { name: ' Building A ', property_location_id: location, address_text: ' 12 Elm St ' })).toEqual({
      value: { name: 'Building A', property_location_id: location, address_text: '12 Elm St' },
    });
  });
});

describe('e-mail text', () => {
  const template = (text: object) => outcome(UpdateBuildingEmailTemplate.request, { id: 'b', slug: 'tenant-invite', ...text });

  it('requires the subject, then the message', () => {
    expect(template({ body: 'Hi' })).toEqual({ message: 'Subject is required' });
    expect(template({ subject: ' ', body: '' })).toEqual({ message: 'Subject is required' });
    expect(template({ subject: 'Hello', body: '  \n ' })).toEqual({ message: 'Message is required' });
  });

  it('keeps the body as written (line breaks and tabs included), refuses other control characters', () => {
    expect(template({ subject: ' Hello ', body: 'Hi {{tenant_name}},\r\n\n\tWelcome\n' })).toEqual({
      value: { id: 'b', slug: 'tenant-invite', subject: 'Hello', body: 'Hi {{tenant_name}},\r\n\n\tWelcome\n' },
    });
    expect(template({ subject: 'Hello', body: 'Hi\u0007' })).toEqual({ message: 'Message contains characters that are not allowed' });
    expect(template({ subject: 'Hello', body: 'x'.repeat(20_001) })).toEqual({ message: 'Message must be at most 20,000 characters' });
  });
});

describe('unit name', () => {
  it.each([undefined, null, '', '   '])('is required (%j)', (name) => {
    expect(outcome(CreateUnit.request, { name, building_id: 'b' })).toEqual({ message: 'Unit name is required' });
  });

  it('is trimmed, and at most 100 characters', () => {
    expect(outcome(CreateUnit.request, { name: ' Unit 1A ', building_id: 'b' })).toEqual({ value: { name: 'Unit 1A', building_id: 'b' } });
    expect(outcome(CreateUnit.request, { name: 'x'.repeat(101), building_id: 'b' })).toEqual({ message: 'Unit name must be at most 100 characters' });
  });
});

describe('tenant details', () => {
  const tenant = (input: object) => outcome(CreateTenant.request, { unit_id: 'u', ...input });

  it.each([undefined, null, '', '  '])('requires the full name (%j)', (full_name) => {
    expect(tenant({ full_name, contacts: [] })).toEqual({ message: 'Full name is required' });
  });

  it('drops empty contacts, keeps e-mails trimmed and phones as 10 digits', () => {
    expect(
      tenant({
        full_name: ' Jordan Lee ',
        contacts: [
          { type: 'email', value: ' jordan@example.com ' },
          { type: 'phone', value: '' },
          { type: 'email', value: null },
          { type: 'phone', value: '(555) 123-4567' },
        ],
      }),
    ).toEqual({
      value: {
        full_name: 'Jordan Lee',
        unit_id: 'u',
        contacts: [
          { type: 'email', value: 'jordan@example.com' },
          { type: 'phone', value: '5551234567' },
        ],
      },
    });
  });

  it('sends no contacts as none', () => {
    expect(tenant({ full_name: 'J' })).toEqual({ value: { full_name: 'J', unit_id: 'u', contacts: [] } });
  });

  it.each(['jordan', 'jordan@example', 'jordan @example.com', '@example.com', 'jordan\u0000@example.com'])('refuses the e-mail %j', (value) => {
    expect(tenant({ full_name: 'J', contacts: [{ type: 'email', value }] })).toEqual({ message: 'Invalid email address' });
  });

  it.each(['555123456', '55512345678', '(555) 123-456a', '+2 555 123 4567', '555.123.4567'])('refuses the phone %j', (value) => {
    expect(tenant({ full_name: 'J', contacts: [{ type: 'phone', value }] })).toEqual({ message: 'Phone number must be in format (999) 999-9999' });
  });

  it('accepts the phone forms the dialog and people type', () => {
    for (const value of ['5551234567', '(555) 123-4567', '555-123-4567', '+1 (555) 123-4567', '+15551234567']) {
      expect(normalisePhone(value)).toBe('5551234567');
    }
  });

  it('checks the name before the contacts, and limits the name', () => {
    expect(tenant({ full_name: '', contacts: [{ type: 'email', value: 'bad' }] })).toEqual({ message: 'Full name is required' });
    expect(tenant({ full_name: 'x'.repeat(100_000) })).toEqual({ message: 'Full name must be at most 200 characters' });
    expect(tenant({ full_name: 'Jordan\u200b' })).toEqual({ message: 'Full name contains characters that are not allowed' });
  });
});

describe('lease facts', () => {
  const lease = (input: object) => outcome(UpdateTenantMetadata.request, { id: 't', ...input });

  it('keeps left-out fields out, turns "" into null', () => {
    expect(lease({ rent_amount_cents: 160000 })).toEqual({ value: { id: 't', rent_amount_cents: 160000 } });
    expect(lease({ lease_end: '', lease_start: null })).toEqual({ value: { id: 't', lease_start: null, lease_end: null } });
  });

  it.each(['2026-02-30', '2026-2-1', 'tomorrow', '2026-13-01'])('refuses the date %j', (day) => {
    expect(lease({ lease_end: day })).toEqual({ message: 'Invalid date' });
    expect(lease({ lease_start: day })).toEqual({ message: 'Invalid date' });
  });

  it.each([0, -100, 12.5, '100'])('refuses the rent %j', (rent) => {
    expect(lease({ rent_amount_cents: rent })).toEqual({ message: 'Rent must be a positive amount' });
  });

  it('takes rent from 1 cent to $1,000,000', () => {
    expect(lease({ rent_amount_cents: 1 })).toEqual({ value: { id: 't', rent_amount_cents: 1 } });
    expect(lease({ rent_amount_cents: 100_000_000 })).toEqual({ value: { id: 't', rent_amount_cents: 100_000_000 } });
    expect(lease({ rent_amount_cents: 100_000_001 })).toEqual({ message: 'Rent must be at most $1,000,000' });
    expect(lease({ rent_amount_cents: 1e20 })).toEqual({ message: 'Rent must be at most $1,000,000' });
  });

  it('knows calendar days', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2027-02-29')).toBe(false);
  });
});

describe('expiring-leases window', () => {
  const days = (value: unknown) => outcome(ListExpiringLeases.request, { locationId: 'l', days: value });

  it('defaults to 60 days', () => {
    expect(days(undefined)).toEqual({ value: { locationId: 'l', days: 60 } });
    expect(days('')).toEqual({ value: { locationId: 'l', days: 60 } });
  });

  it.each([1, 365, '15', '90'])('accepts %j', (value) => {
    expect(days(value)).toEqual({ value: { locationId: 'l', days: Number(value) } });
  });

  it.each([0, 366, -5, 1.5, '0', 'abc', '10days', '0000000000000000001'])('refuses %j', (value) => {
    expect(days(value)).toEqual({ message: 'Days must be between 1 and 365' });
  });
});

describe('invitation', () => {
  const invite = (input: object) => outcome(InviteTenants.request, input);

  it('wants a tenant, then a subject, then a message', () => {
    expect(invite({ tenantIds: [], subject: 'S', body: 'B' })).toEqual({ message: 'Please select at least one tenant' });
    expect(invite({ subject: 'S', body: 'B' })).toEqual({ message: 'Please select at least one tenant' });
    expect(invite({ tenantIds: ['t1'], subject: ' ', body: 'B' })).toEqual({ message: 'Subject is required' });
    expect(invite({ tenantIds: ['t1'], subject: 'S', body: '' })).toEqual({ message: 'Message is required' });
  });

  it('de-duplicates the tenant ids', () => {
    expect(invite({ tenantIds: ['t1', 't2', 't1'], subject: 'S', body: 'B' })).toEqual({ value: { tenantIds: ['t1', 't2'], subject: 'S', body: 'B' } });
  });

  it('wants the building for a renewal e-mail', () => {
    expect(outcome(SendLeaseRenewalEmail.request, { tenantId: 't', buildingId: ' ' })).toEqual({ message: 'Building ID is required to send renewal email' });
  });
});

describe('partners', () => {
  const email = 'jordan@example.com';

  it.each([
    [{ fullName: ' ', email, phone: '1', role: 'MANAGER' }, 'Full Name is required'],
    [{ fullName: 'Jordan', email: '', phone: '1', role: 'MANAGER' }, 'Email is required'],
    [{ fullName: 'Jordan', email: 'nope', phone: '1', role: 'MANAGER' }, 'Invalid email address'],
    [{ fullName: 'Jordan', email, phone: '', role: 'MANAGER' }, 'Phone is required'],
    [{ fullName: 'Jordan', email, phone: '1', role: '' }, 'Role is required'],
    [{ fullName: 'Jordan', email, phone: '1', role: 'boss' }, 'Invalid role'],
  ])('refuses %j with "%s" (form order)', (input, message) => {
    expect(outcome(AddPartner.request, input)).toEqual({ message });
  });

  it('upper-cases the role and lets OWNER through for the service to refuse with 403', () => {
    expect(outcome(AddPartner.request, { fullName: ' Jordan ', email, phone: '1', role: 'manager' })).toEqual({
      value: { fullName: 'Jordan', email, phone: '1', role: 'MANAGER' },
    });
    expect(outcome(AddPartner.request, { fullName: 'Jordan', email, phone: '1', role: 'owner' })).toMatchObject({ value: { role: 'OWNER' } });
  });

  it('needs no phone on edit; a blank one removes it', () => {
    expect(outcome(UpdatePartner.request, { id: 'p', full_name: 'J', email, role: 'ADMIN' })).toEqual({ value: { id: 'p', full_name: 'J', email, role: 'ADMIN' } });
    expect(outcome(UpdatePartner.request, { id: 'p', full_name: 'J', email, phone: ' ', role: 'ADMIN' })).toMatchObject({ value: { phone: null } });
  });
});

describe('contacts', () => {
  it('wants locations first, then the name; normalises the role and drops empty details', () => {
    expect(outcome(CreateContact.request, { name: 'Sam', location_ids: [] })).toEqual({ message: 'At least one location is required' });
    expect(outcome(CreateContact.request, { name: ' ', location_ids: [location] })).toEqual({ message: 'Name is required' });
    expect(
      outcome(CreateContact.request, {
        name: ' Sam ',
        role: 'property manager',
        details: [
          { type: 'phone', label: ' ', value: ' 555 ' },
          { type: 'email', label: 'Work', value: '' },
        ],
        location_ids: [location, location],
      }),
    ).toEqual({ value: { name: 'Sam', role: 'PROPERTY_MANAGER', details: [{ type: 'phone', label: null, value: '555' }], location_ids: [location] } });
  });

  it('wants the selected location on every other call', () => {
    expect(outcome(UpdateContact.request, { id: 'c', name: 'Sam' })).toEqual({ message: 'No location selected' });
  });
});

describe('property location', () => {
  it('limits the units count and the address', () => {
    const elm = { address_text: '12 Elm Street', type: 'MULTI_UNIT' };
    expect(outcome(CreatePropertyLocation.request, { ...elm, declared_units_count: 10_001 })).toEqual({ message: 'Units Count must be at most 10,000' });
    expect(outcome(CreatePropertyLocation.request, { ...elm, declared_units_count: 0 })).toEqual({ message: 'Units Count must be a whole number of at least 1' });
    expect(outcome(CreatePropertyLocation.request, { ...elm, declared_units_count: -1 })).toEqual({ message: 'Units Count must be a whole number of at least 1' });
    expect(outcome(CreatePropertyLocation.request, { ...elm, declared_units_count: 2.5 })).toEqual({ message: 'Units Count must be a whole number of at least 1' });
    expect(outcome(CreatePropertyLocation.request, { address_text: 'x'.repeat(501) })).toEqual({ message: 'Property Address must be at most 500 characters' });
  });
});

describe('phone number search', () => {
  it('takes a US area code of three digits, or none (the location\'s own)', () => {
    const search = (areaCode: unknown) => outcome(SearchLocationPhoneNumbers.request, { id: location, areaCode });
    expect(search(' 415 ')).toMatchObject({ value: { areaCode: '415' } });
    expect(search('')).toMatchObject({ value: { areaCode: '' } });
    expect(search(undefined)).toMatchObject({ value: {} });
    for (const areaCode of ['41', '4155', '123', '4a5']) expect(search(areaCode)).toEqual({ message: 'Area code must be 3 digits' });
  });
});

describe('knowledge', () => {
  it('keeps newlines in an answer, refuses NUL', () => {
    expect(outcome(CreateQuestion.request, { location_id: location, question: 'Where?', answer: 'Here.\nAnd there.' })).toMatchObject({ value: { answer: 'Here.\nAnd there.' } });
    expect(outcome(CreateQuestion.request, { location_id: location, question: 'Where?\u0000', answer: 'Here.' })).toEqual({ message: 'Question contains characters that are not allowed' });
  });
});
