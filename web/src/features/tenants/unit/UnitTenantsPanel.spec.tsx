import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on, pageOf, stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderRoutes } from '../../../../test/render-routes.js';
import type { CreateTenantRequest } from '../tenant.js';
import { aTenant } from '../test-fixtures.js';
import { UnitTenantsPanel } from './UnitTenantsPanel.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

const unitId = crypto.randomUUID();
const locationId = crypto.randomUUID();

function renderPanel(search = '') {
  return renderRoutes([{ path: '/property-manager/units/:id', element: <UnitTenantsPanel unitId={unitId} locationId={locationId} /> }], {
    path: `/property-manager/units/${unitId}${search}`,
  });
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const submit = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Tenant' }));
const posts = () => bff.requests.filter((request) => request.method === 'POST');

describe('UnitTenantsPanel', () => {
  it('lists the unit tenants with formatted phones', async () => {
    bff = stubBffRoutes(
      on('GET', 'tenant/all', () => json(pageOf([aTenant({ full_name: 'Ann Lee', is_primary: true, contacts: [{ type: 'phone', value: '5551234567' }] })]))),
    );
    renderPanel();

    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('Primary')).toBeTruthy();
    expect(screen.getByText('(555) 123-4567')).toBeTruthy();
    expect(bff.requests.find((request) => request.path === '/api/tenant/all')!.query.get('unit_id')).toBe(unitId);
  });

  it('says when the tenants cannot be loaded', async () => {
    bff = stubBffRoutes(on('GET', 'tenant/all', () => json({ statusCode: 500, message: 'boom' }, 500)));
    renderPanel();
    expect(await screen.findByText('Failed to fetch tenants.')).toBeTruthy();
  });

  it('opens "Add a Tenant" on arrival with openAddTenant=true and drops the flag from the address when closed', async () => {
    bff = stubBffRoutes(on('GET', 'tenant/all', () => json(pageOf([]))));
    const { router } = renderPanel('?openAddTenant=true');

    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(within(dialog()).getByText('Add a Tenant')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not open the dialog without the flag', async () => {
    bff = stubBffRoutes(on('GET', 'tenant/all', () => json(pageOf([]))));
    renderPanel('?openAddTenant=false');
    await screen.findByText('No tenants yet');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the section 5 messages and sends nothing while the form is invalid', async () => {
    bff = stubBffRoutes(on('GET', 'tenant/all', () => json(pageOf([]))));
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a Tenant' }));

    submit();
    expect(await within(dialog()).findByText('Full name is required')).toBeTruthy();

    type(field('Full name'), 'Ann Lee');
    type(field('Email'), 'ann@nowhere');
    fireEvent.blur(field('Email'));
    expect(await within(dialog()).findByText('Invalid email address')).toBeTruthy();

    type(field('Phone'), '555123');
    fireEvent.blur(field('Phone'));
    expect(await within(dialog()).findByText('Phone number must be in format (999) 999-9999')).toBeTruthy();

    submit();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts()).toHaveLength(0);
  });

  it('formats the phone while typing, sends it as digits, drops empty contacts and toasts', async () => {
    let created: CreateTenantRequest | undefined;
    bff = stubBffRoutes(
      on('GET', 'tenant/all', () => json(pageOf([]))),
      on('POST', 'tenant', async (request) => {
        created = (await request.json()) as CreateTenantRequest;
        return json(aTenant({ full_name: created.full_name ?? '' }), 201);
      }),
    );
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a Tenant' }));

    type(field('Full name'), '  Ann Lee ');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add email' }));
    type(field('Email 2'), 'ann@example.test');
    type(field('Phone'), '5551234567');
    expect(field('Phone').value).toBe('(555) 123-4567');
    submit();

    expect(await screen.findByText('Tenant created successfully')).toBeTruthy();
    expect(created).toEqual({
      full_name: 'Ann Lee',
      unit_id: unitId,
      location_id: locationId,
      contacts: [
        { type: 'email', value: 'ann@example.test' },
        { type: 'phone', value: '5551234567' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list refetches after the create.
    await waitFor(() => expect(bff.requests.filter((request) => request.path === '/api/tenant/all')).toHaveLength(2));
  });

  it('keeps the dialog open with the server message and the failure toast when the BFF refuses', async () => {
    bff = stubBffRoutes(
      on('GET', 'tenant/all', () => json(pageOf([]))),
      on('POST', 'tenant', () => json({ statusCode: 404, message: 'Unit not found' }, 404)),
    );
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a Tenant' }));
    type(field('Full name'), 'Ann Lee');
    submit();

    expect(await screen.findByText('Failed to create tenant')).toBeTruthy();
    expect(within(dialog()).getByText('Unit not found')).toBeTruthy();
  });

  it('submits once for a double click (second submit within 100 ms ignored)', async () => {
    bff = stubBffRoutes(
      on('GET', 'tenant/all', () => json(pageOf([]))),
      on('POST', 'tenant', () => json(aTenant(), 201)),
    );
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a Tenant' }));
    type(field('Full name'), 'Ann Lee');
    submit();
    submit();
    expect(await screen.findByText('Tenant created successfully')).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });
});
