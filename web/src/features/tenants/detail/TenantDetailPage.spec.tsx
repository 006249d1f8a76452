import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ListMessageSessions, ListSessionMessages } from '@pm/contracts';
import { json, on, pageOf, stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import type { Tenant } from '../tenant.js';
import { aTenant } from '../test-fixtures.js';
import { TenantDetailPage } from './TenantDetailPage.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

function renderDetail(tenant: Tenant, extra: Parameters<typeof stubBffRoutes> = []) {
  bff = stubBffRoutes(...extra, on('GET', 'tenant/:id', () => json(tenant)));
  return renderRoutes(
    [
      { path: '/property-manager/tenants/:id', element: <TenantDetailPage /> },
      { path: '/property-manager/past-tenants', element: <p>Past tenants page</p> },
    ],
    { path: `/property-manager/tenants/${tenant.id}` },
  );
}

describe('TenantDetailPage', () => {
  it('shows contacts, unit, building and the lease facts', async () => {
    renderDetail(
      aTenant({
        full_name: 'Ann Lee',
        contacts: [{ type: 'email', value: 'ann@example.test' }, { type: 'phone', value: '5551234567' }],
        unitName: 'Unit 1A',
        buildingName: 'North Building',
        metadata: { lease_start: '2026-01-01', lease_end: '2026-12-31', rent_amount_cents: 150000 },
      }),
    );
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('ann@example.test')).toBeTruthy();
    expect(screen.getByText('(555) 123-4567')).toBeTruthy();
    expect(screen.getByText('Unit 1A')).toBeTruthy();
    expect(screen.getByText('North Building')).toBeTruthy();
    expect((screen.getByLabelText('Lease start') as HTMLInputElement).value).toBe('2026-01-01');
    expect((screen.getByLabelText('Lease end') as HTMLInputElement).value).toBe('2026-12-31');
    expect((screen.getByLabelText('Monthly rent ($)') as HTMLInputElement).value).toBe('1500.00');
  });

  it('shows the server message when the tenant cannot be loaded', async () => {
    bff = stubBffRoutes(on('GET', 'tenant/:id', () => json({ statusCode: 404, message: 'Tenant not found' }, 404)));
    renderRoutes([{ path: '/t/:id', element: <TenantDetailPage /> }], { path: '/t/x' });
    expect(await screen.findByText('Tenant not found')).toBeTruthy();
  });

  it('checks the lease dates and rent, then saves them in cents through the metadata call', async () => {
    const ann = aTenant({ full_name: 'Ann Lee' });
    renderDetail(ann, [on('PUT', 'tenant/:id/metadata', async (request) => json({ ...ann, metadata: await request.json() }))]);
    await screen.findByText('Ann Lee');

    fireEvent.change(screen.getByLabelText('Lease start'), { target: { value: '2026-06-01' } });
    fireEvent.change(screen.getByLabelText('Lease end'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('Monthly rent ($)'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save lease details' }));
    expect(await screen.findByText('Lease end date must be after the start date')).toBeTruthy();
    expect(screen.getByText('Rent must be a positive amount')).toBeTruthy();
    expect(bff.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Lease end'), { target: { value: '2027-05-31' } });
    fireEvent.change(screen.getByLabelText('Monthly rent ($)'), { target: { value: '1250.5' } });
    fireEvent.blur(screen.getByLabelText('Monthly rent ($)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save lease details' }));

    expect(await screen.findByText('Tenant updated successfully')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'PUT')!.body).toEqual({ lease_start: '2026-06-01', lease_end: '2027-05-31', rent_amount_cents: 125050 });
  });

  it('goes to the past tenants after deleting an archived tenant for good', async () => {
    const gone = aTenant({ full_name: 'Bob Park', is_archived: true });
    const { router } = renderDetail(gone, [on('DELETE', 'tenant/:id', () => json({ is_deleted: true, unit_id: gone.unit_id }))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/This action cannot be undone\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Tenant deleted successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/property-manager/past-tenants'));
  });
});

describe('TenantDetailPage SMS tab (tenants/{id}/sms)', () => {
  it('shows the tenant\'s SMS thread, asked for by tenant, location and channel', async () => {
    const ann = aTenant({ full_name: 'Ann Lee' });
    const session = { ...ListMessageSessions.fixture.response.items[0]!, unread_count: 0, tenant_id: ann.id };
    bff = stubBffRoutes(
      on('GET', 'tenant/:id', () => json(ann)),
      on('GET', 'message-session/all', () => json(pageOf([session]))),
      on('GET', 'message-session/:id/messages', () => json(pageOf([{ ...ListSessionMessages.fixture.response.items[0]!, media: [], message: 'Hello from Ann' }]))),
    );
    renderRoutes([{ path: '/property-manager/tenants/:id/sms', element: <TenantDetailPage /> }], { path: `/property-manager/tenants/${ann.id}/sms` });
    expect(await screen.findByText('Hello from Ann')).toBeTruthy();
    const asked = bff.requests.find((request) => request.path === '/api/message-session/all')!;
    expect([asked.query.get('tenant_id'), asked.query.get('location_id'), asked.query.get('channel')]).toEqual([ann.id, ann.property_location_id, 'sms']);
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});
