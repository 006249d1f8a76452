import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on, type stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderManagerArea } from '../../../../test/render-manager.js';
import type { AvailablePhoneNumber, PropertyLocation } from '../../../app/property-location.js';
import { aLocation, aSuggestion } from '../../../app/test-fixtures.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const elm = aLocation({ id: 'loc-elm', name: 'Elm Court', address_text: '40 Elm Court, Austin, TX 78701', type: 'MULTI_UNIT', declared_units_count: 6 });
const oak = aLocation({ id: 'loc-oak', name: 'Oak House', type: 'SINGLE_FAMILY_HOME' });
const dialog = () => screen.getByRole('dialog');

async function choose(label: string, optionText: string) {
  fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: label }));
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((item) => item.textContent === optionText);
    if (!found) throw new Error(`no option ${optionText}`);
    return found;
  });
  fireEvent.click(option);
}

describe('property location view', () => {
  it('shows the header and section tabs, with All Buildings only for a multi-unit location', async () => {
    const first = renderManagerArea(`/property-manager/property-locations/${elm.id}`, { locations: [elm, oak] });
    bff = first.bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'Elm Court' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Property location sections' }));
    expect(tabs.getByRole('link', { name: 'All Buildings' }).getAttribute('href')).toBe(`/property-manager/property-locations/${elm.id}/buildings`);
    expect(tabs.getByRole('link', { name: 'Phone Number' }).getAttribute('href')).toBe(`/property-manager/property-locations/${elm.id}/phone-number`);
    first.unmount();
    bff.restore();

    bff = renderManagerArea(`/property-manager/property-locations/${oak.id}`, { locations: [elm, oak] }).bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'Oak House' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Property location sections' })).queryByRole('link', { name: 'All Buildings' })).toBeNull();
  });

  it('opens Invite Tenants on arrival with ?openInviteTenant=true, and closing it clears the flag', async () => {
    const view = renderManagerArea(`/property-manager/property-locations/${elm.id}?openInviteTenant=true`, {
      locations: [elm],
      routes: [on('GET', `tenant/location/${elm.id}`, () => json([]))],
    });
    bff = view.bff;
    expect(await screen.findByText('Invite Tenants')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(view.router.state.location.search).toBe(''));
  });

  it('says "Failed to fetch property location." for a location it cannot load', async () => {
    bff = renderManagerArea('/property-manager/property-locations/unknown', { locations: [elm] }).bff;
    expect((await screen.findAllByText('Failed to fetch property location.')).length).toBeGreaterThan(0);
    expect(screen.getByText('Property location not found')).toBeTruthy();
  });
});

describe('Edit Property Location (spec 001 section 5)', () => {
  it('requires the name, the rental address and the units count of a multi-unit location', async () => {
    bff = renderManagerArea(`/property-manager/property-locations/${elm.id}`, { locations: [elm] }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Edit Property Location')).toBeTruthy();

    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Name' }), { target: { value: ' ' } });
    fireEvent.change(within(dialog()).getByRole('combobox', { name: 'Property Rental Address' }), { target: { value: '' } });
    fireEvent.change(within(dialog()).getByRole('spinbutton', { name: 'Units Count' }), { target: { value: '' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Property Rental Address is required')).toBeTruthy();
    expect(screen.getByText('Units Count is required')).toBeTruthy();
    expect(bff.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('requires the type of a location that has none', async () => {
    const untyped = aLocation({ id: 'loc-x', name: 'Somewhere', type: null });
    bff = renderManagerArea(`/property-manager/property-locations/${untyped.id}`, { locations: [untyped] }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Property Type is required')).toBeTruthy();
  });

  it('saves name, address, type and units count, and says so', async () => {
    let current: PropertyLocation = elm;
    bff = renderManagerArea(`/property-manager/property-locations/${elm.id}`, {
      locations: [elm],
      routes: [
        on('GET', `property-location/${elm.id}`, () => json(current)),
        on('PUT', `property-location/${elm.id}`, async (request) => {
          current = { ...current, ...((await request.json()) as Partial<PropertyLocation>) };
          return json(current);
        }),
      ],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Name' }), { target: { value: ' Elm Court Apartments ' } });
    fireEvent.change(within(dialog()).getByRole('spinbutton', { name: 'Units Count' }), { target: { value: '8' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Property location updated successfully')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'PUT')!.body).toEqual({
      name: 'Elm Court Apartments',
      address_text: '40 Elm Court, Austin, TX 78701',
      type: 'MULTI_UNIT',
      declared_units_count: 8,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Elm Court Apartments' })).toBeTruthy();
  });

  it('pins the saved address on the map, and moves the pin to a picked suggestion', async () => {
    const austin = aSuggestion({ label: '40 Elm Court, Austin, TX 78701', street: '40 Elm Court', city: 'Austin', state: 'TX', zipcode: '78701', lat: 30.2713, lng: -97.7426 });
    const seattle = aSuggestion({ label: '40 Elm Court, Seattle, WA 98101', street: '40 Elm Court', city: 'Seattle', state: 'WA', zipcode: '98101', lat: 47.6114, lng: -122.3305 });
    bff = renderManagerArea(`/property-manager/property-locations/${elm.id}`, {
      locations: [elm],
      routes: [
        on('GET', 'address/geocode', (_request, url) => (url.searchParams.get('q') === elm.address_text ? json(austin) : json({ statusCode: 404, message: 'Address not found' }, 404))),
        on('GET', 'address/suggestions', () => json({ suggestions: [seattle] })),
      ],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const saved = await within(await screen.findByRole('dialog')).findByRole('img', { name: `Map of the United States showing ${austin.label}` });
    const austinX = Number(within(saved).getByTestId('map-pin').getAttribute('data-x'));

    const address = within(dialog()).getByRole('combobox', { name: 'Property Rental Address' });
    fireEvent.mouseDown(address);
    fireEvent.change(address, { target: { value: '40 Elm Court, Sea' } });
    expect(within(dialog()).queryByTestId('map-pin')).toBeNull();
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option');
      if (!found) throw new Error('no suggestion yet');
      return found;
    });
    fireEvent.click(option);

    const moved = await within(dialog()).findByRole('img', { name: `Map of the United States showing ${seattle.label}` });
    expect(Number(within(moved).getByTestId('map-pin').getAttribute('data-x'))).toBeLessThan(austinX - 200);
  });

  it('drops the units count when the type changes away from multi-unit, and shows the failure', async () => {
    bff = renderManagerArea(`/property-manager/property-locations/${elm.id}`, {
      locations: [elm],
      routes: [on('PUT', `property-location/${elm.id}`, () => json({ statusCode: 403, message: 'You do not have permission to do this' }, 403))],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByRole('dialog');
    await choose('Property Type', 'Condo');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to update property location')).toBeTruthy();
    expect(within(dialog()).getByRole('alert').textContent).toContain('You do not have permission to do this');
    expect(bff.requests.find((request) => request.method === 'PUT')!.body).toEqual({
      name: 'Elm Court',
      address_text: '40 Elm Court, Austin, TX 78701',
      type: 'CONDO',
    });
  });
});

const numbers: AvailablePhoneNumber[] = [
  { phoneNumber: '+14155550123', friendlyName: '(415) 555-0123', locality: 'San Francisco', region: 'CA' },
  { phoneNumber: '+14155550199', friendlyName: '(415) 555-0199', locality: null, region: 'CA' },
];

/** The search's answer: the area code asked for, else the location's own (here 415), with the numbers on offer. */
const offering = (available: AvailablePhoneNumber[] = numbers, ownAreaCode = '415') =>
  on('GET', 'property-location/:id/search-phone-number', (_request, url) => json({ areaCode: url.searchParams.get('areaCode') ?? ownAreaCode, numbers: available }));

describe('phone number page and Select Phone Number (spec 001)', () => {
  it('searches available numbers, filters by area code and digits, and assigns the chosen one after confirmation', async () => {
    let current: PropertyLocation = elm;
    bff = renderManagerArea(`/property-manager/property-locations/${elm.id}/phone-number`, {
      locations: [elm],
      routes: [
        on('GET', `property-location/${elm.id}`, () => json(current)),
        offering(),
        on('POST', `property-location/${elm.id}/phone-number`, async (request) => {
          current = { ...current, phone: ((await request.json()) as { phoneNumber: string }).phoneNumber };
          return json(current);
        }),
      ],
    }).bff;
    const searches = () => bff!.requests.filter((request) => request.path.endsWith('/search-phone-number'));

    fireEvent.click(await screen.findByRole('button', { name: 'Get a phone number' }));
    expect(await screen.findByText('Select Phone Number')).toBeTruthy();
    expect(await screen.findByText('(415) 555-0123')).toBeTruthy();
    expect(searches()[0]!.query.get('areaCode')).toBeNull();
    expect(searches()[0]!.query.get('limit')).toBe('20');

    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Area code' }), { target: { value: '415' } });
    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Contains' }), { target: { value: '55' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searches().some((request) => request.query.get('areaCode') === '415' && request.query.get('contains') === '55')).toBe(true));

    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Select (415) 555-0199' }));
    const confirmation = await within(dialog()).findByRole('region', { name: 'Confirm phone number' });
    expect(confirmation.textContent).toContain('Get (415) 555-0199 for Elm Court (40 Elm Court, Austin, TX 78701)?');
    expect(confirmation.textContent).toContain('Texts and calls to this number will reach this property');
    expect(bff.requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.click(within(confirmation).getByRole('button', { name: 'Get this number' }));
    expect(await screen.findByText('Phone number assigned successfully')).toBeTruthy();
    const purchase = bff.requests.find((request) => request.method === 'POST')!;
    expect(purchase.body).toEqual({ phoneNumber: '+14155550199' });
    expect(purchase.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByLabelText('Property phone number')).toBeTruthy();
    expect(screen.getByLabelText('Property phone number').textContent).toBe('(415) 555-0199');
  });

  it('defaults the area code to the location\'s own, as the server chose it, and still searches another', async () => {
    bff = renderManagerArea(`/property-manager/property-locations/${elm.id}/phone-number`, {
      locations: [elm],
      routes: [offering([{ phoneNumber: '+15125550100', friendlyName: '(512) 555-0100', locality: null, region: 'TX' }], '512')],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Get a phone number' }));
    expect(await within(dialog()).findByText('Numbers in area code 512')).toBeTruthy();
    await waitFor(() => expect((within(dialog()).getByRole('textbox', { name: 'Area code' }) as HTMLInputElement).value).toBe('512'));

    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Area code' }), { target: { value: '737' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Search' }));
    expect(await within(dialog()).findByText('Numbers in area code 737')).toBeTruthy();
  });

  it("refuses an area code the service would refuse, in the contract's words, before searching", async () => {
    bff = renderManagerArea(`/property-manager/property-locations/${elm.id}/phone-number`, { locations: [elm], routes: [offering()] }).bff;
    const searches = () => bff!.requests.filter((request) => request.path.endsWith('/search-phone-number'));
    fireEvent.click(await screen.findByRole('button', { name: 'Get a phone number' }));
    expect(await screen.findByText('(415) 555-0123')).toBeTruthy();
    const before = searches().length;
    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Area code' }), { target: { value: '41' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Search' }));
    expect(await within(dialog()).findByText('Area code must be 3 digits')).toBeTruthy();
    expect(searches().some((request) => request.query.get('areaCode') === '41')).toBe(false);
    expect(searches()).toHaveLength(before);
  });

  it('buys nothing when the manager goes back from the confirmation', async () => {
    bff = renderManagerArea(`/property-manager/property-locations/${elm.id}/phone-number`, { locations: [elm], routes: [offering()] }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Get a phone number' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Select (415) 555-0123' }));
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Back' }));
    expect(await within(dialog()).findByRole('button', { name: 'Select (415) 555-0199' })).toBeTruthy();
    expect(bff.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('tells the user when the number was taken meanwhile, and retries with the same Idempotency-Key', async () => {
    bff = renderManagerArea(`/property-manager/property-locations/${elm.id}/phone-number`, {
      locations: [elm],
      routes: [
        offering(),
        on('POST', `property-location/${elm.id}/phone-number`, () => json({ statusCode: 409, message: 'This phone number is no longer available' }, 409)),
      ],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Get a phone number' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Select (415) 555-0123' }));
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Get this number' }));
    expect(await screen.findByText('Failed to assign phone number')).toBeTruthy();
    expect(screen.getByText('This phone number is no longer available')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();

    // The error can show before the button leaves its loading state (then named "loading Get this number").
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Get this number' }));
    await waitFor(() => expect(bff!.requests.filter((request) => request.method === 'POST')).toHaveLength(2));
    const [first, retry] = bff.requests.filter((request) => request.method === 'POST');
    expect(retry!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
  });

  it('says "Failed to fetch available phone numbers" when the search fails', async () => {
    bff = renderManagerArea(`/property-manager/property-locations/${elm.id}/phone-number`, {
      locations: [elm],
      routes: [on('GET', `property-location/${elm.id}/search-phone-number`, () => json({ statusCode: 502, message: 'Bad Gateway' }, 502))],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Get a phone number' }));
    expect((await screen.findAllByText('Failed to fetch available phone numbers')).length).toBeGreaterThan(0);
  });

  it('shows the number a location already has instead of the button', async () => {
    const withPhone = aLocation({ id: 'loc-p', phone: '+14155550123' });
    bff = renderManagerArea(`/property-manager/property-locations/${withPhone.id}/phone-number`, { locations: [withPhone] }).bff;
    expect((await screen.findByLabelText('Property phone number')).textContent).toBe('(415) 555-0123');
    expect(screen.queryByRole('button', { name: 'Get a phone number' })).toBeNull();
  });

  it('changes the number after a confirmation that says the old one is released', async () => {
    let current = aLocation({ id: 'loc-p', name: 'Harbor View', address_text: '1450 Harbor View Drive, San Diego, CA 92101', phone: '+16195550100' });
    bff = renderManagerArea(`/property-manager/property-locations/${current.id}/phone-number`, {
      locations: [current],
      routes: [
        on('GET', `property-location/${current.id}`, () => json(current)),
        offering([{ phoneNumber: '+16195550142', friendlyName: '(619) 555-0142', locality: null, region: 'CA' }], '619'),
        on('PUT', `property-location/${current.id}/phone-number`, async (request) => {
          current = { ...current, phone: ((await request.json()) as { phoneNumber: string }).phoneNumber };
          return json(current);
        }),
      ],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Change number' }));
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Select (619) 555-0142' }));
    const confirmation = await within(dialog()).findByRole('region', { name: 'Confirm phone number' });
    expect(confirmation.textContent).toContain('Replace this property\u2019s number with (619) 555-0142 for Harbor View');
    expect(confirmation.textContent).toContain('The current number, (619) 555-0100, is released once the new one is in place');

    fireEvent.click(within(confirmation).getByRole('button', { name: 'Change number' }));
    expect(await screen.findByText('Phone number changed successfully')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'PUT')!.body).toEqual({ phoneNumber: '+16195550142' });
    await waitFor(() => expect(screen.getByLabelText('Property phone number').textContent).toBe('(619) 555-0142'));
  });

  it('releases the number only after confirmation, then offers to get one again', async () => {
    let current = aLocation({ id: 'loc-p', name: 'Harbor View', phone: '+16195550100' });
    bff = renderManagerArea(`/property-manager/property-locations/${current.id}/phone-number`, {
      locations: [current],
      routes: [
        on('GET', `property-location/${current.id}`, () => json(current)),
        on('DELETE', `property-location/${current.id}/phone-number`, () => {
          current = { ...current, phone: null };
          return json(current);
        }),
      ],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Release number' }));
    expect((await screen.findByText(/is given back to the phone provider/)).textContent).toContain(
      '(619) 555-0100 is given back to the phone provider. Texts and calls to it will no longer reach Harbor View',
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bff.requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Release number' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Release number' }));
    expect(await screen.findByText('Phone number released')).toBeTruthy();
    expect(bff.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Get a phone number' })).toBeTruthy();
  });

  it('says so when the release fails, and the number stays', async () => {
    const withPhone = aLocation({ id: 'loc-p', phone: '+16195550100' });
    bff = renderManagerArea(`/property-manager/property-locations/${withPhone.id}/phone-number`, {
      locations: [withPhone],
      routes: [
        on('DELETE', `property-location/${withPhone.id}/phone-number`, () =>
          json({ statusCode: 502, message: 'The phone provider could not release the number. It is still assigned; try again later.' }, 502),
        ),
      ],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Release number' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Release number' }));
    expect(await screen.findByText('Failed to release phone number')).toBeTruthy();
    expect(screen.getByText('The phone provider could not release the number. It is still assigned; try again later.')).toBeTruthy();
    expect(screen.getByLabelText('Property phone number').textContent).toBe('(619) 555-0100');
  });
});

describe('e-mail address page (spec 001)', () => {
  it('generates the address and shows it', async () => {
    let current: PropertyLocation = oak;
    bff = renderManagerArea(`/property-manager/property-locations/${oak.id}/email-address`, {
      locations: [oak],
      routes: [
        on('GET', `property-location/${oak.id}`, () => json(current)),
        on('POST', `property-location/${oak.id}/email-address`, () => {
          current = { ...current, email: '12.oak.street@mail.example.test' };
          return json(current);
        }),
      ],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Email Address' }));
    expect(await screen.findByText('12.oak.street@mail.example.test')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate Email Address' })).toBeNull();
  });

  it('says "Failed to generate property location email address" when generation fails', async () => {
    bff = renderManagerArea(`/property-manager/property-locations/${oak.id}/email-address`, {
      locations: [oak],
      routes: [on('POST', `property-location/${oak.id}/email-address`, () => json({ statusCode: 500, message: 'boom' }, 500))],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Email Address' }));
    expect(await screen.findByText('Failed to generate property location email address')).toBeTruthy();
  });
});
