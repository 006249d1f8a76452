import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import type { AccessRole } from '../../app/property-location.js';
import { aLocation } from '../../app/test-fixtures.js';
import type { PartnerInvitation } from '@pm/contracts';
import type { Partner } from './partner.js';
import { PartnersPage } from './PartnersPage.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

function aPartner(overrides: Partial<Partner> & Partial<Partner['manager']['limitedUser']> = {}): Partner {
  const id = crypto.randomUUID();
  const { full_name = 'Jordan Lee', email = 'jordan@example.test', phone = '5551234567', ...rest } = overrides;
  return {
    id,
    manager: { id, limitedUser: { full_name, email, phone } },
    role: 'MANAGER',
    is_emergency_contact: false,
    locations: [],
    user_id: null,
    invited_at: null,
    ...rest,
  };
}

function anInvitation(overrides: Partial<PartnerInvitation> = {}): PartnerInvitation {
  return {
    id: crypto.randomUUID(),
    full_name: 'Ivy Invitee',
    email: 'ivy@example.test',
    phone: '5551234567',
    role: 'VIEWER',
    location_id: 'loc-1',
    status: 'PENDING',
    invited_at: '2026-11-22T10:00:00.000Z',
    expires_at: '2026-12-06T10:00:00.000Z',
    ...overrides,
  };
}

function renderPartners(accessRole: AccessRole, partners: Partner[], extra: Parameters<typeof stubBffRoutes> = [], invitations: PartnerInvitation[] = []) {
  const location = aLocation({ access_role: accessRole });
  bff = stubBffRoutes(
    ...extra,
    on('GET', 'property-location/:id', () => json(location)),
    on('GET', 'property-manager/all', () => json(partners)),
    on('GET', 'property-manager/invitations', () => json(invitations)),
  );
  const { router } = renderRoutes(
    [
      { path: '/property-manager/property-locations/:id/managers', element: <PartnersPage /> },
      { path: '/property-manager/property-locations', element: <p>Your property locations</p> },
    ],
    { path: `/property-manager/property-locations/${location.id}/managers` },
  );
  return { ...location, router };
}

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('PartnersPage', () => {
  it('lists the partners with e-mail, formatted phone, role and emergency contact', async () => {
    const location = renderPartners('OWNER', [aPartner({ full_name: 'Jordan Lee', role: 'VENDOR', is_emergency_contact: true })]);
    expect(await screen.findByText('Jordan Lee')).toBeTruthy();
    expect(screen.getByText('jordan@example.test')).toBeTruthy();
    expect(screen.getByText('(555) 123-4567')).toBeTruthy();
    expect(screen.getByText('Vendor')).toBeTruthy();
    expect(screen.getByText('Emergency contact', { selector: '.ant-tag' })).toBeTruthy();
    expect(bff.requests.find((request) => request.path === '/api/property-manager/all')!.query.get('location_id')).toBe(location.id);
  });

  it.each<AccessRole>(['OWNER', 'ADMIN'])('shows the write actions to the %s of the location', async (role) => {
    renderPartners(role, [aPartner()]);
    expect(await screen.findByRole('button', { name: 'Add Property Partner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Jordan Lee' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Jordan Lee' })).toBeTruthy();
  });

  it.each<AccessRole>(['MANAGER', 'VENDOR', 'MEMBER', 'VIEWER'])('hides the write actions from a %s', async (role) => {
    renderPartners(role, [aPartner()]);
    expect(await screen.findByText('Jordan Lee')).toBeTruthy();
    await waitFor(() => expect(bff.requests.some((request) => request.path.startsWith('/api/property-location/'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Add Property Partner' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Jordan Lee' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Jordan Lee' })).toBeNull();
  });

  it('requires Full Name, Email, Phone when adding, checks the e-mail, and sends nothing meanwhile', async () => {
    renderPartners('OWNER', []);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Property Partner' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send Invitation' }));

    expect(await within(dialog()).findByText('Full Name is required')).toBeTruthy();
    // Each field shows its error when its own rules have run: wait for each, not only the first.
    expect(await within(dialog()).findByText('Email is required')).toBeTruthy();
    expect(await within(dialog()).findByText('Phone is required')).toBeTruthy();
    expect(within(dialog()).queryByText('Role is required')).toBeNull();

    type('Email', 'jordan@nowhere');
    expect(await within(dialog()).findByText('Invalid email address')).toBeTruthy();
    expect(bff.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('adds a partner with Manager as the default role and says the invitation was sent', async () => {
    const location = renderPartners('OWNER', [], [on('POST', 'property-manager/with-user', () => json(anInvitation({ full_name: 'Sam Vendor' }), 201))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Property Partner' }));
    type('Full Name', 'Sam Vendor');
    type('Email', 'sam@example.test');
    type('Phone', '5559876543');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send Invitation' }));

    expect(await screen.findByText('Invitation sent successfully')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'POST')!.body).toEqual({
      fullName: 'Sam Vendor',
      email: 'sam@example.test',
      phone: '5559876543',
      role: 'MANAGER',
      locationId: location.id,
    });
  });

  it('shows "Failed to create property manager" and the server message when the BFF refuses', async () => {
    renderPartners('OWNER', [], [on('POST', 'property-manager/with-user', () => json({ statusCode: 403, message: 'You do not have permission to do this' }, 403))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Property Partner' }));
    type('Full Name', 'Sam Vendor');
    type('Email', 'sam@example.test');
    type('Phone', '5559876543');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send Invitation' }));

    expect(await screen.findByText('Failed to create property manager')).toBeTruthy();
    expect(within(dialog()).getByText('You do not have permission to do this')).toBeTruthy();
  });

  it('updates a partner with the phone optional and the emergency contact switch', async () => {
    const partner = aPartner({ full_name: 'Jordan Lee', phone: null });
    renderPartners('ADMIN', [partner], [on('PUT', 'property-manager/:id', async (request) => json({ ...partner, ...((await request.json()) as object) }))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Update Jordan Lee' }));
    expect(within(dialog()).getByText('Update Property Partner')).toBeTruthy();

    type('Full Name', '');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));
    expect(await within(dialog()).findByText('Full Name is required')).toBeTruthy();
    expect(within(dialog()).queryByText('Phone is required')).toBeNull();

    type('Full Name', 'Jordan Lee-Park');
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Emergency contact' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Property manager updated successfully')).toBeTruthy();
    const put = bff.requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe(`/api/property-manager/${partner.id}`);
    expect(put.body).toEqual({ full_name: 'Jordan Lee-Park', email: 'jordan@example.test', role: 'MANAGER', is_emergency_contact: true });
  });

  it("removes a partner's access to this location after the confirmation", async () => {
    const partner = aPartner({ full_name: 'Jordan Lee' });
    const location = renderPartners('OWNER', [partner], [on('DELETE', 'property-manager/:id', () => json({ deleted: true }))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Jordan Lee' }));
    expect(within(dialog()).getByText('Remove Member Access')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Property manager deleted successfully')).toBeTruthy();
    const request = bff.requests.find((item) => item.method === 'DELETE')!;
    expect(request.path).toBe(`/api/property-manager/${partner.id}`);
    expect(request.query.get('location_id')).toBe(location.id);
  });

  it('says "Failed to delete property manager" when the removal fails', async () => {
    renderPartners('OWNER', [aPartner()], [on('DELETE', 'property-manager/:id', () => json({ statusCode: 500, message: 'boom' }, 500))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Jordan Lee' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to delete property manager')).toBeTruthy();
  });

  it('lists the pending invitations, and lets the owner revoke one after the confirmation', async () => {
    const invitation = anInvitation({ full_name: 'Ivy Invitee', email: 'ivy@example.test', role: 'ADMIN' });
    renderPartners('OWNER', [], [on('DELETE', 'property-manager/invitations/:id', () => json({ deleted: true }))], [invitation]);
    const pending = within((await screen.findByText('Pending Invitations')).closest('.ant-card') as HTMLElement);
    expect(pending.getByText('Ivy Invitee')).toBeTruthy();
    expect(pending.getByText('ivy@example.test')).toBeTruthy();
    expect(pending.getByText('Admin')).toBeTruthy();
    expect(pending.getByText('Dec 6, 2026')).toBeTruthy();

    fireEvent.click(pending.getByRole('button', { name: 'Revoke the invitation of Ivy Invitee' }));
    expect(within(dialog()).getByText('Revoke the invitation sent to ivy@example.test? Its link will stop working.')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation revoked')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'DELETE')!.path).toBe(`/api/property-manager/invitations/${invitation.id}`);
  });

  it('shows pending invitations without the revoke action to a viewer, and asks a vendor for none', async () => {
    renderPartners('VIEWER', [], [], [anInvitation()]);
    expect(await screen.findByText('Pending Invitations')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    bff.restore();

    renderPartners('VENDOR', [], [], [anInvitation()]);
    await waitFor(() => expect(bff.requests.some((request) => request.path.startsWith('/api/property-location/'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bff.requests.some((request) => request.path === '/api/property-manager/invitations')).toBe(false);
  });

  it('lets a partner leave the location after the confirmation, and takes them to their locations', async () => {
    const location = renderPartners('MANAGER', [aPartner()], [on('POST', 'property-location/:id/leave', () => json({ left: true }))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave this property' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left the property')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'POST')!.path).toBe(`/api/property-location/${location.id}/leave`);
    await waitFor(() => expect(location.router.state.location.pathname).toBe('/property-manager/property-locations'));
  });

  it('offers the owner no way to leave their own location', async () => {
    renderPartners('OWNER', [aPartner()]);
    expect(await screen.findByText('Jordan Lee')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave this property' })).toBeNull();
  });
});
