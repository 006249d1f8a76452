import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on, pageOf, stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import type { Tenant } from '../tenant.js';
import { aTenant } from '../test-fixtures.js';
import { LocationTenantsPage } from './LocationTenantsPage.js';
import { LocationTenantsView } from './LocationTenantsView.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

const locationId = crypto.randomUUID();

/** A BFF holding one location's tenants, answering the archive/delete/retrieve calls the way the contract says. */
function tenantBff(initial: Tenant[]) {
  let tenants = [...initial];
  bff = stubBffRoutes(
    on('GET', 'tenant/location/:id', (_request, url) => json(pageOf(tenants.filter((tenant) => tenant.is_archived === (url.searchParams.get('archived') === 'true'))))),
    on('DELETE', 'tenant/:id', (_request, url) => {
      const id = url.pathname.split('/').pop()!;
      const tenant = tenants.find((item) => item.id === id)!;
      if (tenant.is_archived) {
        tenants = tenants.filter((item) => item.id !== id);
        return json({ is_deleted: true, unit_id: tenant.unit_id });
      }
      tenants = tenants.map((item) => (item.id === id ? { ...item, is_archived: true } : item));
      return json({ is_deleted: false, unit_id: tenant.unit_id });
    }),
    on('POST', 'tenant/:id/set-primary', (_request, url) => {
      const id = url.pathname.split('/')[3]!;
      tenants = tenants.map((item) => ({ ...item, is_primary: item.id === id }));
      return json(tenants.find((item) => item.id === id));
    }),
    on('POST', 'tenant/:id', (_request, url) => {
      const id = url.pathname.split('/').pop()!;
      tenants = tenants.map((item) => (item.id === id ? { ...item, is_archived: false } : item));
      return json(tenants.find((item) => item.id === id));
    }),
  );
}

function renderActive() {
  return renderRoutes([{ path: '/property-manager/property-locations/:id/tenants', element: <LocationTenantsPage /> }], {
    path: `/property-manager/property-locations/${locationId}/tenants`,
  });
}

function renderPast() {
  return renderRoutes([{ path: '/', element: <LocationTenantsView locationId={locationId} archived title="Past Tenants" /> }]);
}

const dialog = () => screen.getByRole('dialog');

describe('tenants of a location', () => {
  it('shows one page at a time with the total, and goes forward with the cursor and back again', async () => {
    const first = [aTenant({ full_name: 'Ann Lee' }), aTenant({ full_name: 'Bob Park' })];
    const second = [aTenant({ full_name: 'Cy Diaz' })];
    bff = stubBffRoutes(
      on('GET', 'tenant/location/:id', (_request, url) =>
        json(url.searchParams.get('cursor') === 'after-bob' ? pageOf(second, null, 3) : pageOf(first, 'after-bob', 3)),
      ),
    );
    renderActive();
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('1–2 of 3 tenants')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Cy Diaz')).toBeTruthy();
    expect(screen.queryByText('Ann Lee')).toBeNull();
    expect(screen.getByText(/ of 3 tenants$/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Bob Park')).toBeTruthy();
    expect(bff.requests.filter((request) => request.path === `/api/tenant/location/${locationId}`).map((request) => request.query.get('cursor'))).toEqual([null, 'after-bob']);
  });

  it('asks for 20 tenants a page, and another page size from the first page again', async () => {
    const first = Array.from({ length: 2 }, (_value, index) => aTenant({ full_name: `Tenant ${index + 1}` }));
    bff = stubBffRoutes(on('GET', 'tenant/location/:id', (_request, url) => json(pageOf(first, url.searchParams.get('limit') === '50' ? null : 'next', 51))));
    renderActive();
    expect(await screen.findByText('Tenant 1')).toBeTruthy();
    const asked = () => bff.requests.filter((request) => request.path === `/api/tenant/location/${locationId}`).map((request) => request.query.get('limit'));
    expect(asked()).toEqual(['20']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(bff.requests.some((request) => request.query.get('cursor') === 'next')).toBe(true));
    fireEvent.mouseDown(within(screen.getByLabelText('Rows per page').closest('.ant-select')! as HTMLElement).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('50 / page'));
    await waitFor(() => expect(asked().at(-1)).toBe('50'));
    expect(bff.requests.at(-1)!.query.get('cursor')).toBeNull();
    // The whole list fits at 50, but the size can be taken back: the pager stays while a smaller size would page it.
    expect(await screen.findByText('1–2 of 51 tenants')).toBeTruthy();
    expect(screen.getByLabelText('Rows per page')).toBeTruthy();
  });

  it('searches the whole list on the server, from the first page, and says when nothing matches', async () => {
    const tenants = [aTenant({ full_name: 'Ann Lee', unitName: 'A101' }), aTenant({ full_name: 'Bob Park', unitName: 'B202' })];
    bff = stubBffRoutes(
      on('GET', 'tenant/location/:id', (_request, url) => {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const found = tenants.filter((tenant) => `${tenant.full_name} ${tenant.unitName}`.toLowerCase().includes(search));
        return json(pageOf(found, search || url.searchParams.get('cursor') ? null : 'after-bob', found.length));
      }),
    );
    renderActive();
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(bff.requests.some((request) => request.query.get('cursor') === 'after-bob')).toBe(true));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tenants' }), { target: { value: 'b202' } });
    await waitFor(() => expect(screen.queryByText('Ann Lee')).toBeNull());
    expect(screen.getByText('Bob Park')).toBeTruthy();
    const searched = bff.requests.find((request) => request.query.get('search') === 'b202')!;
    expect(searched.query.get('cursor')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tenants' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('No tenants found matching your search.')).toBeTruthy();
  });

  it('shows no pager while the whole list fits on one page', async () => {
    tenantBff([aTenant({ full_name: 'Ann Lee' })]);
    renderActive();
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('lists the active tenants of the location from the route, with unit and building', async () => {
    tenantBff([aTenant({ full_name: 'Ann Lee', unitName: 'Unit 1A', buildingName: 'North Building' })]);
    renderActive();
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('Unit 1A')).toBeTruthy();
    expect(screen.getByText('North Building')).toBeTruthy();
    const request = bff.requests.find((item) => item.path === `/api/tenant/location/${locationId}`)!;
    expect(request.query.get('archived')).toBeNull();
  });

  it('says "Failed to fetch tenants for this location." when the list fails', async () => {
    bff = stubBffRoutes(on('GET', 'tenant/location/:id', () => json({ statusCode: 500, message: 'boom' }, 500)));
    renderActive();
    expect(await screen.findByText('Failed to fetch tenants for this location.')).toBeTruthy();
  });

  it('archives an active tenant first, and deletes an archived one for good after saying it cannot be undone', async () => {
    const ann = aTenant({ full_name: 'Ann Lee' });
    tenantBff([ann]);
    const active = renderActive();

    fireEvent.click(await screen.findByRole('button', { name: 'Archive Ann Lee' }));
    expect(within(dialog()).getByText('Archive Tenant')).toBeTruthy();
    expect(within(dialog()).queryByText(/cannot be undone/)).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Tenant archived successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Ann Lee')).toBeNull());
    active.unmount();

    renderPast();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ann Lee' }));
    expect(within(dialog()).getByText('Delete Tenant')).toBeTruthy();
    expect(within(dialog()).getByText(/This action cannot be undone\./)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Tenant deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Ann Lee')).toBeNull());
    expect(bff.requests.filter((request) => request.method === 'DELETE')).toHaveLength(2);
  });

  it('shows "Failed to delete tenant" with the server message when the archive fails', async () => {
    const ann = aTenant({ full_name: 'Ann Lee' });
    bff = stubBffRoutes(
      on('GET', 'tenant/location/:id', () => json(pageOf([ann]))),
      on('DELETE', 'tenant/:id', () => json({ statusCode: 404, message: 'Tenant not found' }, 404)),
    );
    renderActive();
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Ann Lee' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Failed to delete tenant')).toBeTruthy();
    expect(within(dialog()).getByText('Tenant not found')).toBeTruthy();
  });

  it('retrieves a past tenant after the Retrieve Tenant confirmation', async () => {
    tenantBff([aTenant({ full_name: 'Bob Park', is_archived: true, archived_at: new Date().toISOString() })]);
    renderPast();
    fireEvent.click(await screen.findByRole('button', { name: 'Retrieve Bob Park' }));
    expect(within(dialog()).getByText('Retrieve Tenant')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Retrieve' }));

    expect(await screen.findByText('Tenant retrieved successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Bob Park')).toBeNull());
  });

  it('sets a tenant as primary', async () => {
    tenantBff([aTenant({ full_name: 'Ann Lee', is_primary: true }), aTenant({ full_name: 'Bob Park' })]);
    renderActive();
    fireEvent.click(await screen.findByRole('button', { name: 'Set as primary: Bob Park' }));
    expect(await screen.findByText('Tenant set as primary successfully.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Set as primary: Ann Lee' })).toBeTruthy();
  });

  it('says "Failed to set tenant as primary." when the BFF refuses', async () => {
    bff = stubBffRoutes(
      on('GET', 'tenant/location/:id', () => json(pageOf([aTenant({ full_name: 'Bob Park' })]))),
      on('POST', 'tenant/:id/set-primary', () => json({ statusCode: 400, message: 'Archived tenants cannot be primary' }, 400)),
    );
    renderActive();
    fireEvent.click(await screen.findByRole('button', { name: 'Set as primary: Bob Park' }));
    expect(await screen.findByText('Failed to set tenant as primary.')).toBeTruthy();
  });

  it('adds a tenant to a unit chosen in the dialog', async () => {
    const unit = { id: crypto.randomUUID(), name: 'Unit 2B', building_id: crypto.randomUUID(), building_name: 'North Building' };
    const other = { id: crypto.randomUUID(), name: 'Unit 2C', building_id: unit.building_id, building_name: 'North Building' };
    bff = stubBffRoutes(
      on('GET', 'tenant/location/:id', () => json(pageOf([]))),
      on('GET', 'property-location/:id/units', () => json([unit, other])),
      on('POST', 'tenant', async (request) => json(aTenant((await request.json()) as Partial<Tenant>), 201)),
    );
    renderActive();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a Tenant' }));
    fireEvent.change(within(dialog()).getByLabelText('Full name'), { target: { value: 'Cy Doe' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Tenant' }));
    expect(await within(dialog()).findByText('Unit is required')).toBeTruthy();

    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'Unit' }));
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((item) => item.textContent === 'North Building · Unit 2B');
      if (!found) throw new Error('no unit option');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Tenant' }));

    expect(await screen.findByText('Tenant created successfully')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'POST')!.body).toEqual({ full_name: 'Cy Doe', unit_id: unit.id, location_id: locationId, contacts: [] });
  });

  it('edits a tenant: name and contacts, phone formatted from the stored digits', async () => {
    const ann = aTenant({ full_name: 'Ann Lee', contacts: [{ type: 'email', value: 'ann@example.test' }, { type: 'phone', value: '5551234567' }] });
    bff = stubBffRoutes(
      on('GET', 'tenant/location/:id', () => json(pageOf([ann]))),
      on('PUT', 'tenant/:id', async (request) => json({ ...ann, ...((await request.json()) as Partial<Tenant>) })),
    );
    renderActive();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ann Lee' }));
    expect(within(dialog()).getByText('Edit Tenant')).toBeTruthy();
    expect((within(dialog()).getByLabelText('Phone') as HTMLInputElement).value).toBe('(555) 123-4567');

    fireEvent.change(within(dialog()).getByLabelText('Full name'), { target: { value: '' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Full name is required')).toBeTruthy();

    fireEvent.change(within(dialog()).getByLabelText('Full name'), { target: { value: 'Ann Lee-Park' } });
    fireEvent.change(within(dialog()).getByLabelText('Email'), { target: { value: '' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tenant updated successfully')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'PUT')!.body).toEqual({ full_name: 'Ann Lee-Park', contacts: [{ type: 'phone', value: '5551234567' }] });
  });
});
