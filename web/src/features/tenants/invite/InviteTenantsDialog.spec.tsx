import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on, pageOf, stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import { aTenant } from '../test-fixtures.js';
import { InviteTenantsDialog } from './InviteTenantsDialog.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

const locationId = crypto.randomUUID();
const building = { id: crypto.randomUUID(), name: 'North Building' };
const template = { subject: 'Welcome to {{property_name}}', body: 'Hello {{tenant_name}}, sign up at {{invite_link}}' };
const ann = aTenant({ full_name: 'Ann Lee', unitName: 'Unit 1A' });
const bob = aTenant({ full_name: 'Bob Park', unitName: 'Unit 2B' });
const withAccount = aTenant({ full_name: 'Cy Member', user_id: crypto.randomUUID() });

const baseRoutes = (tenants = [ann, bob, withAccount], buildings = [building]) => [
  on('GET', 'building/all', () => json(buildings)),
  on('GET', 'tenant/invite-template/:id', () => json(template)),
  on('GET', 'tenant/location/:id', () => json(pageOf(tenants))),
];

function renderDialog() {
  const onClose = jest.fn();
  const view = renderRoutes(
    [
      { path: '/', element: <InviteTenantsDialog locationId={locationId} open onClose={onClose} /> },
      { path: '/property-manager/units/:id', element: <p>Unit page</p> },
    ],
    { path: '/' },
  );
  return { ...view, onClose };
}

const dialog = () => screen.getByRole('dialog');
const send = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Send Invitations' }));
const invites = () => bff.requests.filter((request) => request.method === 'POST' && request.path === '/api/tenant/invite');

describe('InviteTenantsDialog', () => {
  it("loads the first building's template and lists only tenants without an account", async () => {
    bff = stubBffRoutes(...baseRoutes());
    renderDialog();

    expect(await screen.findByLabelText('Ann Lee · Unit 1A')).toBeTruthy();
    expect(screen.getByLabelText('Bob Park · Unit 2B')).toBeTruthy();
    expect(screen.queryByText(/Cy Member/)).toBeNull();
    expect((within(dialog()).getByLabelText('Subject') as HTMLInputElement).value).toBe(template.subject);
    expect((within(dialog()).getByLabelText('Message') as HTMLTextAreaElement).value).toBe(template.body);
    expect(bff.requests.find((request) => request.path === '/api/building/all')!.query.get('location_id')).toBe(locationId);
    expect(bff.requests.some((request) => request.path === `/api/tenant/invite-template/${building.id}`)).toBe(true);
  });

  it('lists the tenants of every page, read 200 at a time with the cursor', async () => {
    bff = stubBffRoutes(
      on('GET', 'building/all', () => json([building])),
      on('GET', 'tenant/invite-template/:id', () => json(template)),
      on('GET', 'tenant/location/:id', (_request, url) => json(url.searchParams.get('cursor') === 'after-ann' ? pageOf([bob], null, 2) : pageOf([ann], 'after-ann', 2))),
    );
    renderDialog();
    expect(await screen.findByLabelText('Bob Park · Unit 2B')).toBeTruthy();
    expect(screen.getByLabelText('Ann Lee · Unit 1A')).toBeTruthy();
    const reads = bff.requests.filter((request) => request.path === `/api/tenant/location/${locationId}`);
    expect(reads.map((request) => [request.query.get('limit'), request.query.get('cursor')])).toEqual([
      ['200', null],
      ['200', 'after-ann'],
    ]);
  });

  it('says "No building found for this location" when the location has no building', async () => {
    bff = stubBffRoutes(...baseRoutes([ann], []));
    renderDialog();
    expect(await screen.findByText('No building found for this location')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Invitations' })).toBeNull();
  });

  it('shows the section 5 messages and sends nothing while invalid', async () => {
    bff = stubBffRoutes(...baseRoutes());
    renderDialog();
    await screen.findByLabelText('Ann Lee · Unit 1A');
    fireEvent.change(within(dialog()).getByLabelText('Subject'), { target: { value: ' ' } });
    fireEvent.change(within(dialog()).getByLabelText('Message'), { target: { value: '' } });
    send();

    expect(await within(dialog()).findByText('Please select at least one tenant')).toBeTruthy();
    expect(await within(dialog()).findByText('Subject is required')).toBeTruthy();
    expect(within(dialog()).getByText('Message is required')).toBeTruthy();
    expect(invites()).toHaveLength(0);
  });

  it('invites one tenant straight away and toasts', async () => {
    bff = stubBffRoutes(...baseRoutes(), on('POST', 'tenant/invite', () => json({ invited: 1, skipped: 0 })));
    const { onClose } = renderDialog();
    fireEvent.click(await screen.findByLabelText('Ann Lee · Unit 1A'));
    send();

    expect(await screen.findByText('Tenants invited successfully')).toBeTruthy();
    expect(invites()[0]!.body).toEqual({ tenantIds: [ann.id], subject: template.subject, body: template.body, location_id: locationId });
    expect(onClose).toHaveBeenCalled();
  });

  it('asks for confirmation before inviting more than one tenant, and Back returns to the form', async () => {
    bff = stubBffRoutes(...baseRoutes(), on('POST', 'tenant/invite', () => json({ invited: 2, skipped: 0 })));
    renderDialog();
    fireEvent.click(await screen.findByLabelText('Ann Lee · Unit 1A'));
    fireEvent.click(screen.getByLabelText('Bob Park · Unit 2B'));
    send();

    expect(await within(dialog()).findByText('Send the invitation to 2 tenants?')).toBeTruthy();
    const list = within(dialog()).getByRole('list', { name: 'Tenants to invite' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ann Lee', 'Bob Park']);
    expect(invites()).toHaveLength(0);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Back' }));
    send();
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Tenants invited successfully')).toBeTruthy();
    expect(invites()).toHaveLength(1);
    expect((invites()[0]!.body as { tenantIds: string[] }).tenantIds).toEqual([ann.id, bob.id]);
  });

  it('narrows a long list by search and building, selects all shown at once, and keeps choices the filter hides', async () => {
    const south = { id: crypto.randomUUID(), name: 'South Building' };
    const north = Array.from({ length: 30 }, (_value, index) => aTenant({ full_name: `North ${index + 1}`, unitName: `N${index + 1}`, buildingId: building.id, buildingName: building.name }));
    const southern = Array.from({ length: 21 }, (_value, index) => aTenant({ full_name: `South ${index + 1}`, unitName: `S${index + 1}`, buildingId: south.id, buildingName: south.name }));
    bff = stubBffRoutes(...baseRoutes([...north, ...southern], [building, south]), on('POST', 'tenant/invite', () => json({ invited: 22, skipped: 0 })));
    renderDialog();
    expect(await screen.findByLabelText('North 1 · N1')).toBeTruthy();
    expect(screen.getByText('0 of 51 selected')).toBeTruthy();

    // Every tenant of one building: the building, then Select all.
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'Select by building' }));
    fireEvent.click(await screen.findByTitle('South Building'));
    await waitFor(() => expect(screen.queryByLabelText('North 1 · N1')).toBeNull());
    fireEvent.click(within(dialog()).getByLabelText('Select all (21)'));
    expect(screen.getByText('21 of 51 selected')).toBeTruthy();

    // A search among all buildings adds one more; the southern ones it hides stay chosen.
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'Select by building' }));
    fireEvent.click(await screen.findByTitle('All buildings'));
    fireEvent.change(within(dialog()).getByRole('searchbox', { name: 'Search tenants to invite' }), { target: { value: 'north 12' } });
    await waitFor(() => expect(screen.queryByLabelText('South 1 · S1')).toBeNull());
    expect((within(dialog()).getByLabelText('Select all (1)') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByLabelText('North 12 · N12'));
    expect(screen.getByText('22 of 51 selected')).toBeTruthy();
    fireEvent.change(within(dialog()).getByRole('searchbox', { name: 'Search tenants to invite' }), { target: { value: 'nobody' } });
    expect(await within(dialog()).findByText('No tenants found matching your search.')).toBeTruthy();

    send();
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Tenants invited successfully')).toBeTruthy();
    expect((invites()[0]!.body as { tenantIds: string[] }).tenantIds).toEqual([north[11]!.id, ...southern.map((tenant) => tenant.id)]);
  });

  it('shows the failure toast and the server message when the invite fails', async () => {
    bff = stubBffRoutes(...baseRoutes(), on('POST', 'tenant/invite', () => json({ statusCode: 400, message: 'No building found for this location' }, 400)));
    const { onClose } = renderDialog();
    fireEvent.click(await screen.findByLabelText('Ann Lee · Unit 1A'));
    send();

    expect(await screen.findByText('Failed to invite tenants')).toBeTruthy();
    expect(within(dialog()).getByText('No building found for this location')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("links to the first unit's tenant list with openAddTenant=true when the location has no tenants", async () => {
    const unit = { id: crypto.randomUUID(), name: 'Unit 1A', building_id: building.id, building_name: building.name };
    bff = stubBffRoutes(...baseRoutes([]), on('GET', 'property-location/:id/units', () => json([unit])));
    const { router, onClose } = renderDialog();

    const link = await screen.findByRole('link', { name: 'Add a Tenant' });
    expect(link.getAttribute('href')).toBe(`/property-manager/units/${unit.id}?openAddTenant=true`);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/property-manager/units/${unit.id}`));
    expect(router.state.location.search).toBe('?openAddTenant=true');
    expect(onClose).toHaveBeenCalled();
  });

  it('says when the invite template cannot be loaded', async () => {
    bff = stubBffRoutes(
      on('GET', 'building/all', () => json([building])),
      on('GET', 'tenant/invite-template/:id', () => json({ statusCode: 500, message: 'boom' }, 500)),
      on('GET', 'tenant/location/:id', () => json(pageOf([ann]))),
    );
    renderDialog();
    expect(await screen.findByText('Failed to fetch invite template.')).toBeTruthy();
  });
});
