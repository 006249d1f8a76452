import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on, type stubBffRoutes } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import type { Building } from '@pm/contracts';
import { aLocation } from '../../app/test-fixtures.js';
import type { Unit } from './unit.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const elm = aLocation({ id: 'loc-elm', name: 'Elm Court', type: 'MULTI_UNIT', declared_units_count: 6 });
const tower: Building = {
  id: 'b-tower',
  name: 'North Tower',
  property_location_id: elm.id,
  address_text: '40 Elm Court',
  units_count: 0,
  created_at: new Date().toISOString(),
};
const aUnit = (overrides: Partial<Unit> = {}): Unit => ({
  id: crypto.randomUUID(),
  name: 'Apt 1',
  building_id: tower.id,
  building_name: tower.name,
  property_location_id: elm.id,
  tenants_count: 0,
  created_at: new Date().toISOString(),
  ...overrides,
});

const dialog = () => screen.getByRole('dialog');

describe('unit list (spec 001: Add a New Unit)', () => {
  it('opens Add a New Unit with ?openAddUnit=true, requires the name, then creates the unit', async () => {
    let units: Unit[] = [];
    const created = aUnit({ name: 'Apt 1' });
    const view = renderManagerArea('/property-manager/buildings/b-tower/units?openAddUnit=true', {
      locations: [elm],
      routes: [
        on('GET', 'building/b-tower', () => json(tower)),
        on('GET', 'unit/all', () => json(units)),
        on('POST', 'unit', () => {
          units = [created];
          return json(created, 201);
        }),
      ],
    });
    bff = view.bff;

    expect(await screen.findByText('Add a New Unit')).toBeTruthy();
    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Unit Name' }), { target: { value: '   ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Unit name is required')).toBeTruthy();
    expect(bff.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Unit Name' }), { target: { value: 'Apt 1' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Unit created successfully')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'POST')!.body).toEqual({ name: 'Apt 1', building_id: 'b-tower' });
    expect((await screen.findByRole('link', { name: 'Apt 1' })).getAttribute('href')).toBe(`/property-manager/units/${created.id}`);
    expect(bff.requests.filter((request) => request.path === '/api/unit/all').map((request) => request.query.get('buildingId'))).toContain('b-tower');
    await waitFor(() => expect(view.router.state.location.search).toBe(''));
  });

  it('shows "Failed to create unit" and the server message when the BFF refuses', async () => {
    bff = renderManagerArea('/property-manager/buildings/b-tower/units', {
      locations: [elm],
      routes: [
        on('GET', 'building/b-tower', () => json(tower)),
        on('GET', 'unit/all', () => json([])),
        on('POST', 'unit', () => json({ statusCode: 404, message: 'Building not found' }, 404)),
      ],
    }).bff;

    fireEvent.click(await screen.findByRole('button', { name: 'Add Unit' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Unit Name' }), { target: { value: 'Apt 2' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Failed to create unit')).toBeTruthy();
    expect(within(dialog()).getByRole('alert').textContent).toContain('Building not found');
  });

  it("shows the plan's units limit with a link to the plans (never a silent failure)", async () => {
    bff = renderManagerArea('/property-manager/buildings/b-tower/units', {
      locations: [elm],
      routes: [
        on('GET', 'building/b-tower', () => json(tower)),
        on('GET', 'unit/all', () => json([])),
        on('POST', 'unit', () => json({ statusCode: 409, message: 'Your Starter plan includes up to 5 units. Upgrade your plan to add more units.', code: 'plan_limit' }, 409)),
      ],
    }).bff;

    fireEvent.click(await screen.findByRole('button', { name: 'Add Unit' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Unit Name' }), { target: { value: 'Apt 6' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('Your Starter plan includes up to 5 units. Upgrade your plan to add more units.');
    expect(within(alert).getByRole('link', { name: 'See the plans and upgrade' }).getAttribute('href')).toBe('/property-manager/subscription');
  });

  it('says "Failed to fetch units." when the list cannot be loaded', async () => {
    bff = renderManagerArea('/property-manager/buildings/b-tower/units', {
      locations: [elm],
      routes: [on('GET', 'building/b-tower', () => json(tower)), on('GET', 'unit/all', () => json({ statusCode: 500, message: 'boom' }, 500))],
    }).bff;
    expect((await screen.findAllByText('Failed to fetch units.')).length).toBeGreaterThan(0);
  });
});

describe('unit detail', () => {
  it('shows the unit with a link to its building', async () => {
    const unit = aUnit({ id: 'u-1', name: 'Apt 7' });
    bff = renderManagerArea('/property-manager/units/u-1', { locations: [elm], routes: [on('GET', 'unit/u-1', () => json(unit))] }).bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'Apt 7' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'North Tower' }).getAttribute('href')).toBe('/property-manager/buildings/b-tower/units');
  });

  it('says "Failed to fetch unit." when the unit cannot be loaded', async () => {
    bff = renderManagerArea('/property-manager/units/u-404', {
      locations: [elm],
      routes: [on('GET', 'unit/u-404', () => json({ statusCode: 404, message: 'Unit not found' }, 404))],
    }).bff;
    expect((await screen.findAllByText('Failed to fetch unit.')).length).toBeGreaterThan(0);
    expect(screen.getByText('Unit not found')).toBeTruthy();
  });
});
