import { CreatePropertyLocation, UpdatePropertyLocation, type RequestInputOf } from '@pm/contracts';
import type { PropertyLocationDetails } from './property-location.entity.js';
import { nameFromAddress, validateLocationEdit as editRule, validateNewLocation as createRule } from './property-location.validation.js';

// As a request meets them: the contract's rules (required fields, limits) first, then the service's.
function validateNewLocation(input: RequestInputOf<typeof CreatePropertyLocation>, campaign: string | null) {
  const parsed = CreatePropertyLocation.request.safeParse(input);
  return parsed.success ? createRule(parsed.data, campaign) : { ok: false, message: parsed.error.issues[0]!.message };
}

function validateLocationEdit(input: Omit<RequestInputOf<typeof UpdatePropertyLocation>, 'id'>, current: PropertyLocationDetails, campaign: string | null) {
  const parsed = UpdatePropertyLocation.request.safeParse({ id: 'LOCATION', ...input });
  return parsed.success ? editRule(parsed.data, current, campaign) : { ok: false, message: parsed.error.issues[0]!.message };
}

const address = '12 Elm Street, Springfield, IL 62701';

describe('new property location', () => {
  it.each([undefined, null, '', '   '])('requires the address (%j)', (addressText) => {
    expect(validateNewLocation({ address_text: addressText, type: 'CONDO' }, null)).toEqual({ ok: false, message: 'Property Address is required' });
  });

  it('requires the type unless the campaign is property_owner', () => {
    expect(validateNewLocation({ address_text: address }, null)).toEqual({ ok: false, message: 'Property Type is required' });
    expect(validateNewLocation({ address_text: address }, 'share_link')).toEqual({ ok: false, message: 'Property Type is required' });
    expect(validateNewLocation({ address_text: address }, 'property_owner')).toMatchObject({ ok: true, details: { type: null } });
  });

  it.each([undefined, null])('requires the units count for multi-unit (%j)', (units) => {
    expect(validateNewLocation({ address_text: address, type: 'MULTI_UNIT', declared_units_count: units }, null)).toEqual({
      ok: false,
      message: 'Units Count is required',
    });
  });

  it('says a units count of 0 is wrong rather than missing', () => {
    expect(validateNewLocation({ address_text: address, type: 'MULTI_UNIT', declared_units_count: 0 }, null)).toEqual({
      ok: false,
      message: 'Units Count must be a whole number of at least 1',
    });
  });

  it('drops the units count for every other type', () => {
    expect(validateNewLocation({ address_text: address, type: 'CONDO', declared_units_count: 4 }, null)).toMatchObject({
      ok: true,
      details: { type: 'CONDO', declaredUnitsCount: null },
    });
    expect(validateNewLocation({ address_text: address, type: 'MULTI_UNIT', declared_units_count: 4 }, null)).toMatchObject({
      ok: true,
      details: { declaredUnitsCount: 4 },
    });
  });

  it('checks in form order: address before type before units', () => {
    expect(validateNewLocation({}, null)).toEqual({ ok: false, message: 'Property Address is required' });
  });

  it('derives the name from the first part of the address when empty, keeps a given one', () => {
    expect(validateNewLocation({ name: ' ', address_text: address, type: 'CONDO' }, null)).toMatchObject({ details: { name: '12 Elm Street' } });
    expect(validateNewLocation({ name: 'Elm Apartments', address_text: address, type: 'CONDO' }, null)).toMatchObject({ details: { name: 'Elm Apartments' } });
    expect(nameFromAddress('1600 Pennsylvania Ave NW')).toBe('1600 Pennsylvania Ave NW');
  });

  it('defaults is_rental_property to false and keeps metadata.usage', () => {
    expect(validateNewLocation({ address_text: address, type: 'CONDO', metadata: { usage: 'rental', state: null } }, null)).toMatchObject({
      details: { isRentalProperty: false, metadata: { usage: 'rental' } },
    });
  });
});

describe('property location edit', () => {
  const current: PropertyLocationDetails = {
    name: '12 Elm Street',
    addressText: address,
    type: 'MULTI_UNIT',
    declaredUnitsCount: 6,
    isRentalProperty: true,
    metadata: { usage: 'rental' },
  };

  it('requires the name, then the address', () => {
    expect(validateLocationEdit({ name: '', address_text: address }, current, null)).toEqual({ ok: false, message: 'Name is required' });
    expect(validateLocationEdit({ name: 'Elm', address_text: '' }, current, null)).toEqual({ ok: false, message: 'Property Rental Address is required' });
  });

  it('keeps what the request leaves out and re-checks type and units on the result', () => {
    expect(validateLocationEdit({ name: 'Elm', address_text: address }, current, null)).toEqual({
      ok: true,
      details: { ...current, name: 'Elm' },
    });
    expect(validateLocationEdit({ name: 'Elm', address_text: address, declared_units_count: null }, current, null)).toEqual({
      ok: false,
      message: 'Units Count is required',
    });
    expect(validateLocationEdit({ name: 'Elm', address_text: address, type: null }, current, null)).toEqual({ ok: false, message: 'Property Type is required' });
    expect(validateLocationEdit({ name: 'Elm', address_text: address, type: 'TOWNHOUSE' }, current, null)).toMatchObject({
      ok: true,
      details: { type: 'TOWNHOUSE', declaredUnitsCount: null },
    });
  });
});
