import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on, stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import type { PropertyLocation } from '../../../app/property-location.js';
import { aLocation, aSuggestion } from '../../../app/test-fixtures.js';
import { fullAddressHint, noAddressResultsNotice, zipCentreNotice } from '../../../app/address-search/AddressSearchInput.js';
import { PropertyLocationForm } from './PropertyLocationForm.js';


let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

function renderForm({ isPropertyOwnerCampaign = false, onCreated = jest.fn<(location: PropertyLocation) => void>() } = {}) {
  renderRoutes([{ path: '/', element: <PropertyLocationForm isPropertyOwnerCampaign={isPropertyOwnerCampaign} onCreated={onCreated} /> }]);
  return { onCreated };
}

const addressInput = () => screen.getByRole('combobox', { name: 'Property Address' });

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

/** Opens an antd Select by its label and picks the option with the given text. */
async function choose(label: string | RegExp, optionText: string) {
  const select = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(select);
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((item) => item.textContent === optionText);
    if (!found) throw new Error(`no option ${optionText}`);
    return found;
  });
  fireEvent.click(option);
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create' }));

describe('PropertyLocationForm validation (spec 000 section 5)', () => {
  it('requires the address and the type, but not the name', async () => {
    bff = stubBffRoutes();
    renderForm();
    submit();

    expect(await screen.findByText('Property Address is required')).toBeTruthy();
    // Each field shows its error when its own rules have run: wait for each, not only the first.
    expect(await screen.findByText('Property Type is required')).toBeTruthy();
    expect(screen.queryByText('Property Name is required')).toBeNull();
    expect(bff.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('does not require the type for the property-owner campaign', async () => {
    bff = stubBffRoutes(on('POST', 'property-location', async (request) => json(aLocation((await request.json()) as Partial<PropertyLocation>), 201)));
    const { onCreated } = renderForm({ isPropertyOwnerCampaign: true });
    type(addressInput(), '12 Oak Street, Springfield, IL 62701');
    submit();

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Property Type is required')).toBeNull();
    const post = bff.requests.find((request) => request.method === 'POST')!;
    expect(post.body).toEqual({ address_text: '12 Oak Street, Springfield, IL 62701', is_rental_property: false, metadata: {} });
  });

  it('asks for the units count only for a multi-unit location, and requires it there', async () => {
    bff = stubBffRoutes();
    renderForm();
    expect(screen.queryByRole('spinbutton', { name: 'Units Count' })).toBeNull();

    await choose('Property Type', 'Multi-Unit');
    expect(await screen.findByRole('spinbutton', { name: 'Units Count' })).toBeTruthy();
    submit();
    expect(await screen.findByText('Units Count is required')).toBeTruthy();
  });

  it('sends the spec payload: no empty name, the units count only for multi-unit, usage in metadata', async () => {
    bff = stubBffRoutes(on('POST', 'property-location', async (request) => json(aLocation((await request.json()) as Partial<PropertyLocation>), 201)));
    const { onCreated } = renderForm();
    type(addressInput(), '500 Main St, Austin, TX 78701');
    await choose('Property Type', 'Multi-Unit');
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Units Count' }), { target: { value: '12' } });
    await choose(/^Usage/, 'Long-term rental');
    submit();

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(bff.requests.find((request) => request.method === 'POST')!.body).toEqual({
      address_text: '500 Main St, Austin, TX 78701',
      type: 'MULTI_UNIT',
      declared_units_count: 12,
      is_rental_property: true,
      metadata: { usage: 'long_term_rental' },
    });
    expect(await screen.findByText('Property location created successfully')).toBeTruthy();
  });

  it('drops a units count typed before the type changed away from multi-unit', async () => {
    bff = stubBffRoutes(on('POST', 'property-location', async (request) => json(aLocation((await request.json()) as Partial<PropertyLocation>), 201)));
    const { onCreated } = renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: /^Property Name/ }), { target: { value: 'Oak House' } });
    type(addressInput(), '12 Oak Street, Springfield, IL 62701');
    await choose('Property Type', 'Multi-Unit');
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Units Count' }), { target: { value: '3' } });
    await choose('Property Type', 'Condo');
    submit();

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(bff.requests.find((request) => request.method === 'POST')!.body).toEqual({
      name: 'Oak House',
      address_text: '12 Oak Street, Springfield, IL 62701',
      type: 'CONDO',
      is_rental_property: true,
      metadata: {},
    });
  });

  it('shows the failure toast and the server message when the BFF refuses', async () => {
    bff = stubBffRoutes(on('POST', 'property-location', () => json({ statusCode: 400, message: 'Property Address is required' }, 400)));
    const { onCreated } = renderForm();
    type(addressInput(), '   x');
    await choose('Property Type', 'Condo');
    // Whitespace-only text is empty to the form; a real address reaches the server, which may still refuse.
    submit();
    expect(await screen.findByText('Property Address is required')).toBeTruthy();
    type(addressInput(), '1 Nowhere Road');
    submit();

    expect(await screen.findByText('Failed to create property location')).toBeTruthy();
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts.some((text) => text?.includes('Property Address is required'))).toBe(true);
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('address search (spec 000 section 5)', () => {
  const suggestionLabels = () => Array.from(document.querySelectorAll('.ant-select-item-option')).map((item) => item.textContent);

  it('asks for suggestions only from 3 characters and shows at most 5', async () => {
    const many = Array.from({ length: 7 }, (_, index) => aSuggestion({ label: `${index + 1} Pennsylvania Ave, Washington, DC 20500` }));
    bff = stubBffRoutes(on('GET', 'address/suggestions', () => json({ suggestions: many })));
    renderForm();

    type(addressInput(), '16');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(bff.requests.filter((request) => request.path === '/api/address/suggestions')).toHaveLength(0);

    fireEvent.mouseDown(addressInput());
    type(addressInput(), '160');
    await waitFor(() => expect(suggestionLabels()).toHaveLength(5));
    const searches = bff.requests.filter((request) => request.path === '/api/address/suggestions');
    expect(searches.map((request) => request.query.get('q'))).toEqual(['160']);
    expect(suggestionLabels()[0]).toBe('1 Pennsylvania Ave, Washington, DC 20500');
    expect(screen.queryByText(noAddressResultsNotice)).toBeNull();
  });

  it('shows the no-results notice, and the full-address hint when the text is more than digits', async () => {
    bff = stubBffRoutes(on('GET', 'address/suggestions', () => json({ suggestions: [] })));
    renderForm();

    type(addressInput(), '123 45');
    expect(await screen.findByText(noAddressResultsNotice)).toBeTruthy();
    expect(screen.queryByText(fullAddressHint)).toBeNull();

    type(addressInput(), 'Main Street');
    await waitFor(() => expect(bff.requests.map((request) => request.query.get('q'))).toContain('Main Street'));
    expect(await screen.findByText(fullAddressHint)).toBeTruthy();
    expect(screen.getByText(noAddressResultsNotice)).toBeTruthy();
  });

  it('pins the picked suggestion on the map', async () => {
    bff = stubBffRoutes(on('GET', 'address/suggestions', () => json({ suggestions: [aSuggestion()] })));
    renderForm();
    expect(screen.queryByTestId('map-pin')).toBeNull();

    fireEvent.mouseDown(addressInput());
    type(addressInput(), '1600 Penn');
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option');
      if (!found) throw new Error('no suggestion yet');
      return found;
    });
    fireEvent.click(option);

    expect((addressInput() as HTMLInputElement).value).toBe('1600 Pennsylvania Ave NW, Washington, DC 20500');
    expect(await screen.findByRole('img', { name: 'Map of the United States showing 1600 Pennsylvania Ave NW, Washington, DC 20500' })).toBeTruthy();
    expect(within(screen.getByRole('img', { name: /showing/ })).getByTestId('map-pin')).toBeTruthy();
  });

  it('pins a full address typed without picking it, once the search answers for it, and unpins when the text changes', async () => {
    const mountainView = aSuggestion({
      label: '1600 Amphitheatre Pkwy, Mountain View, CA 94043',
      street: '1600 Amphitheatre Pkwy',
      city: 'Mountain View',
      state: 'CA',
      zipcode: '94043',
      lat: 37.4056,
      lng: -122.0775,
      precision: 'zipcode',
    });
    bff = stubBffRoutes(on('GET', 'address/suggestions', () => json({ suggestions: [mountainView] })));
    renderForm();

    type(addressInput(), '1600 amphitheatre pkwy, mountain view, ca 94043');
    const map = await screen.findByRole('img', { name: 'Map of the United States showing 1600 Amphitheatre Pkwy, Mountain View, CA 94043' });
    // West coast: far left of the outline.
    expect(Number(within(map).getByTestId('map-pin').getAttribute('data-x'))).toBeLessThan(150);

    type(addressInput(), '1600 amphitheatre pkwy, mountain view, ca 9404');
    expect(await screen.findByRole('img', { name: 'Map of the United States' })).toBeTruthy();
    expect(screen.queryByTestId('map-pin')).toBeNull();
  });

  it('says when suggestions are placed at a ZIP code centre (offline search), and not for a provider that places streets', async () => {
    const placedAt = { precision: undefined as 'zipcode' | undefined };
    bff = stubBffRoutes(on('GET', 'address/suggestions', () => json({ suggestions: [aSuggestion({ precision: placedAt.precision })] })));
    renderForm();

    type(addressInput(), '1600 Pennsylvania');
    await waitFor(() => expect(bff.requests.map((request) => request.query.get('q'))).toContain('1600 Pennsylvania'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(zipCentreNotice)).toBeNull();

    placedAt.precision = 'zipcode';
    type(addressInput(), '1600 Amphitheatre');
    expect(await screen.findByText(zipCentreNotice)).toBeTruthy();
  });
});
