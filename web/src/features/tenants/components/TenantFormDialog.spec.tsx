import { fireEvent, screen, within } from '@testing-library/react';
import { json, on, stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import type { Tenant } from '../tenant.js';
import { aTenant } from '../test-fixtures.js';
import { TenantFormDialog, unitLabel } from './TenantFormDialog.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

const locationId = crypto.randomUUID();

describe('Add a Tenant on a single-family home (its implicit unit)', () => {
  it('picks the only unit of the location, shown by its own name, so the tenant is added without choosing', async () => {
    // As portfolio makes it: a building and a unit both named after the home.
    const home = { id: crypto.randomUUID(), name: '4127 Sycamore Lane', building_id: crypto.randomUUID(), building_name: '4127 Sycamore Lane' };
    bff = stubBffRoutes(
      on('GET', 'property-location/:id/units', () => json([home])),
      on('POST', 'tenant', async (request) => json(aTenant((await request.json()) as Partial<Tenant>), 201)),
    );
    renderRoutes([{ path: '/', element: <TenantFormDialog mode="add" open locationId={locationId} onClose={() => undefined} /> }]);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('4127 Sycamore Lane')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: 'Michael Carter' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Tenant' }));
    expect(await screen.findByText('Tenant created successfully')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'POST')!.body).toEqual({ full_name: 'Michael Carter', unit_id: home.id, location_id: locationId, contacts: [] });
  });

  it('names a unit with its building, unless the building only repeats the unit\'s name', () => {
    expect(unitLabel({ name: 'Unit 2B', building_name: 'North Building' })).toBe('North Building · Unit 2B');
    expect(unitLabel({ name: '12 Oak Street', building_name: '12 Oak Street' })).toBe('12 Oak Street');
  });
});

describe('Add a Tenant from a single-family home\'s tenant list', () => {
  it('adds the tenant to the home\'s only unit without choosing', async () => {
    const { LocationTenantsPage } = await import('../location/LocationTenantsPage.js');
    const { pageOf } = await import('../../../../test/pm-bff.js');
    const home = { id: crypto.randomUUID(), name: '4127 Sycamore Lane', building_id: crypto.randomUUID(), building_name: '4127 Sycamore Lane' };
    bff = stubBffRoutes(
      on('GET', 'tenant/location/:id', () => json(pageOf([]))),
      on('GET', 'property-location/:id/units', () => json([home])),
      on('POST', 'tenant', async (request) => json(aTenant((await request.json()) as Partial<Tenant>), 201)),
    );
    renderRoutes([{ path: '/property-manager/property-locations/:id/tenants', element: <LocationTenantsPage /> }], { path: `/property-manager/property-locations/${locationId}/tenants` });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a Tenant' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Full name'), { target: { value: 'Michael Carter' } });
    expect(await within(dialog).findByText('4127 Sycamore Lane')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Tenant' }));
    expect(await screen.findByText('Tenant created successfully')).toBeTruthy();
  });
});
