import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on, type stubBffRoutes } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { aLocation } from '../../app/test-fixtures.js';
import type { Building } from './building.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const elm = aLocation({ id: 'loc-elm', name: 'Elm Court', address_text: '40 Elm Court, Austin, TX 78701', type: 'MULTI_UNIT', declared_units_count: 6 });
const oak = aLocation({ id: 'loc-oak', name: 'Oak House', type: 'SINGLE_FAMILY_HOME' });

function aBuilding(overrides: Partial<Building> = {}): Building {
  return {
    id: crypto.randomUUID(),
    name: 'North Tower',
    property_location_id: elm.id,
    address_text: '40 Elm Court, Austin, TX 78701',
    units_count: 0,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

const dialog = () => screen.getByRole('dialog');
const click = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));

describe('building list (spec 001: Add a New Building)', () => {
  it('opens Add a New Building on arrival with ?openAddBuilding=true and shows every required message', async () => {
    const view = renderManagerArea(`/property-manager/property-locations/${elm.id}/buildings?openAddBuilding=true`, {
      locations: [elm],
      routes: [on('GET', 'building/all', () => json([]))],
    });
    bff = view.bff;

    expect(await screen.findByText('Add a New Building')).toBeTruthy();
    // The location the list belongs to is preselected and its address offered; clearing both leaves all three empty.
    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Building Address' }), { target: { value: '' } });
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'Property Location' }));
    fireEvent.click(dialog().querySelector('.ant-select-clear')!);
    click('Create');

    expect(await screen.findByText('Building name is required')).toBeTruthy();
    expect(screen.getByText('Property Location is required')).toBeTruthy();
    expect(screen.getByText('Building address is required')).toBeTruthy();
    expect(bff.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('creates the building, says so, refreshes the list and the onboarding progress, and clears the flag', async () => {
    const created = aBuilding({ name: 'North Tower' });
    let buildings: Building[] = [];
    const view = renderManagerArea(`/property-manager/property-locations/${elm.id}/buildings?openAddBuilding=true`, {
      locations: [elm],
      routes: [
        on('GET', 'building/all', () => json(buildings)),
        on('POST', 'building', () => {
          buildings = [created];
          return json(created, 201);
        }),
      ],
    });
    bff = view.bff;

    await screen.findByText('Add a New Building');
    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Building Name' }), { target: { value: '  North Tower ' } });
    const progressCalls = () => bff!.requests.filter((request) => request.path.endsWith('/progress')).length;
    const before = progressCalls();
    click('Create');

    expect(await screen.findByText('Building created successfully')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'POST')!.body).toEqual({
      name: 'North Tower',
      property_location_id: elm.id,
      address_text: '40 Elm Court, Austin, TX 78701',
    });
    expect(await screen.findByRole('link', { name: 'North Tower' })).toBeTruthy();
    await waitFor(() => expect(progressCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(view.router.state.location.search).toBe(''));
    expect(bff.requests.filter((request) => request.path === '/api/building/all').map((request) => request.query.get('location_id'))).toContain(elm.id);
  });

  it("offers the route's own location and address while the shell's list does not hold it yet", async () => {
    // A location just created (the onboarding checklist's next step) can reach this page before the shell's list
    // has it: the dialog opened on arrival must still hold its address, or Create stops at "is required".
    const view = renderManagerArea(`/property-manager/property-locations/${elm.id}/buildings?openAddBuilding=true`, {
      locations: [elm],
      routes: [on('GET', 'property-location/all', () => json([])), on('GET', 'building/all', () => json([])), on('POST', 'building', () => json(aBuilding(), 201))],
    });
    bff = view.bff;

    await screen.findByText('Add a New Building');
    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Building Name' }), { target: { value: 'North Tower' } });
    click('Create');

    expect(await screen.findByText('Building created successfully')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'POST')!.body).toMatchObject({ property_location_id: elm.id, address_text: elm.address_text });
  });

  it('shows the failure toast and the server message when the BFF refuses', async () => {
    const view = renderManagerArea(`/property-manager/buildings`, {
      locations: [elm],
      routes: [
        on('GET', 'building/all', () => json([])),
        on('POST', 'building', () => json({ statusCode: 403, message: 'You do not have permission to do this' }, 403)),
      ],
    });
    bff = view.bff;

    fireEvent.click(await screen.findByRole('button', { name: 'Add Building' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Building Name' }), { target: { value: 'North Tower' } });
    click('Create');

    expect(await screen.findByText('Failed to create building')).toBeTruthy();
    expect(within(dialog()).getByRole('alert').textContent).toContain('You do not have permission to do this');
  });

  it('says "Failed to fetch buildings." when the list cannot be loaded', async () => {
    bff = renderManagerArea(`/property-manager/buildings`, {
      locations: [elm],
      routes: [on('GET', 'building/all', () => json({ statusCode: 500, message: 'boom' }, 500))],
    }).bff;
    expect((await screen.findAllByText('Failed to fetch buildings.')).length).toBeGreaterThan(0);
  });

  const tower = aBuilding({ id: 'b-tower' });
  const cottage = aBuilding({ id: 'b-cottage', name: 'Cottage', property_location_id: oak.id });
  const buildingRoutes = [
    on('GET', 'building/b-tower', () => json(tower)),
    on('GET', 'building/b-cottage', () => json(cottage)),
    on('GET', 'unit/all', () => json([])),
  ];

  it('links "All Buildings" from a building of a multi-unit location', async () => {
    bff = renderManagerArea('/property-manager/buildings/b-tower/units', { locations: [elm, oak], routes: buildingRoutes }).bff;
    const allBuildings = await screen.findByRole('link', { name: 'All Buildings' });
    expect(allBuildings.getAttribute('href')).toBe(`/property-manager/property-locations/${elm.id}/buildings`);
  });

  it('hides "All Buildings" for a building of a single-family location', async () => {
    bff = renderManagerArea('/property-manager/buildings/b-cottage/units', { locations: [elm, oak], routes: buildingRoutes }).bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'Cottage' })).toBeTruthy();
    await waitFor(() => expect(bff!.requests.some((request) => request.path === `/api/property-location/${oak.id}`)).toBe(true));
    // give the location's answer time to render, as a multi-unit one would have shown the link by now
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('link', { name: 'All Buildings' })).toBeNull();
  });

  it('offers Send Bulk E-mail and Send Bulk SMS on the overview to whoever may send, and opens each dialog', async () => {
    bff = renderManagerArea('/property-manager/buildings/b-tower', {
      locations: [elm],
      routes: [...buildingRoutes, on('GET', 'building/b-tower/contacts', () => json([]))],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Send Bulk E-mail' }));
    expect(await within(dialog()).findByText('No tenant of this building has an e-mail address.')).toBeTruthy();
    expect(within(dialog()).getByText('Send Bulk E-mail')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Bulk SMS' }));
    expect(await screen.findByText('Recipients')).toBeTruthy();
    expect(within(dialog()).getByText('Send Bulk SMS')).toBeTruthy();
  });

  it('offers no bulk dialog to a viewer', async () => {
    const viewed = aLocation({ ...elm, access_role: 'VIEWER' });
    bff = renderManagerArea('/property-manager/buildings/b-tower', { locations: [viewed], routes: buildingRoutes }).bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'North Tower' })).toBeTruthy();
    await waitFor(() => expect(bff!.requests.some((request) => request.path === `/api/property-location/${elm.id}`)).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('button', { name: 'Send Bulk E-mail' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send Bulk SMS' })).toBeNull();
  });

  it('says "Failed to fetch building." for a building it cannot load', async () => {
    bff = renderManagerArea('/property-manager/buildings/missing/units', {
      locations: [elm],
      routes: [on('GET', 'building/missing', () => json({ statusCode: 404, message: 'Building not found' }, 404))],
    }).bff;
    expect((await screen.findAllByText('Failed to fetch building.')).length).toBeGreaterThan(0);
    expect(screen.getByText('Building not found')).toBeTruthy();
  });
});
