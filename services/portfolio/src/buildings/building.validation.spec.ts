import { validateEmailText, validateNewBuilding } from './building.validation.js';

const location = '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c';

describe('new building', () => {
  it.each([
    [{}, 'Building name is required'],
    [{ name: '  ', property_location_id: location, address_text: '12 Elm St' }, 'Building name is required'],
    [{ name: 'A' }, 'Property Location is required'],
    [{ name: 'A', property_location_id: ' ', address_text: '12 Elm St' }, 'Property Location is required'],
    [{ name: 'A', property_location_id: location }, 'Building address is required'],
    [{ name: 'A', property_location_id: location, address_text: '' }, 'Building address is required'],
  ])('refuses %j with "%s" (form order)', (input, message) => {
    expect(validateNewBuilding(input)).toEqual({ ok: false, message });
  });

  it('trims what it keeps', () => {
    expect(validateNewBuilding({ name: ' Building A ', property_location_id: location, address_text: ' 12 Elm St ' })).toEqual({
      ok: true,
      value: { name: 'Building A', propertyLocationId: location, addressText: '12 Elm St' },
    });
  });
});

describe('e-mail text', () => {
  it('requires the subject, then the message', () => {
    expect(validateEmailText({ body: 'Hi' })).toEqual({ ok: false, message: 'Subject is required' });
    expect(validateEmailText({ subject: ' ', body: '' })).toEqual({ ok: false, message: 'Subject is required' });
    expect(validateEmailText({ subject: 'Hello', body: '  \n ' })).toEqual({ ok: false, message: 'Message is required' });
  });

  it('keeps the body as written (line breaks included)', () => {
    expect(validateEmailText({ subject: ' Hello ', body: 'Hi {{tenant_name}},\n\nWelcome' })).toEqual({
      ok: true,
      value: { subject: 'Hello', body: 'Hi {{tenant_name}},\n\nWelcome' },
    });
  });
});
