import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Building, EmailTemplate } from '@pm/contracts';
import { json, on, type stubBffRoutes } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { aLocation } from '../../app/test-fixtures.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const elm = aLocation({ id: 'loc-elm', name: 'Elm Court', address_text: '40 Elm Court, Austin, TX 78701', type: 'MULTI_UNIT', declared_units_count: 6 });
const tower: Building = {
  id: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
  name: 'North Tower',
  property_location_id: elm.id,
  address_text: '40 Elm Court, Austin, TX 78701',
  units_count: 2,
  created_at: new Date().toISOString(),
};
const invite: EmailTemplate = { id: 'default:tenant-invite', slug: 'tenant-invite', name: 'Tenant invitation', subject: 'You are invited to {{property_name}}', body: 'Hello {{tenant_name}},\n\n{{invite_link}}' };
const renewal: EmailTemplate = { id: 'default:lease-renewal', slug: 'lease-renewal', name: 'Lease renewal', subject: 'Your lease ends on {{lease_end}}', body: 'Hello {{tenant_name}}' };
const buildingRoute = on('GET', 'building/:id', () => json(tower));

function open(path: string, routes: Parameters<typeof renderManagerArea>[1]['routes'] = [], location = elm) {
  const view = renderManagerArea(`/property-manager/buildings/${tower.id}/${path}`, { locations: [location], routes: [...routes, buildingRoute] });
  bff = view.bff;
  return view;
}

describe("a building's e-mail templates (spec 001 §3: per building)", () => {
  it('lists the templates and saves a reworded one, which then shows as the building’s own version', async () => {
    open('email-templates', [
      on('GET', 'building/:id/email-templates', () => json([invite, renewal])),
      on('PUT', 'building/:id/email-templates/:slug', async (request) => {
        const body = (await request.json()) as { subject: string; body: string };
        return json({ ...invite, id: '01937a13-4f5a-7b6c-9d2e-3f4a5b6c7d8e', ...body });
      }),
    ]);

    const form = await screen.findByRole('form', { name: 'Tenant invitation' });
    expect(screen.getByRole('form', { name: 'Lease renewal' })).toBeTruthy();
    const tab = within(screen.getByRole('navigation', { name: 'Building sections' })).getByRole('link', { name: 'E-mail templates' });
    expect(tab.getAttribute('href')).toBe(`/property-manager/buildings/${tower.id}/email-templates`);
    expect(tab.closest('.ant-menu-item-selected')).not.toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Welcome to {{property_name}}' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('E-mail template saved')).toBeTruthy();
    const put = bff!.requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe(`/api/building/${tower.id}/email-templates/tenant-invite`);
    expect(put.body).toEqual({ subject: 'Welcome to {{property_name}}', body: invite.body });
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Tenant invitation' }).closest('.ant-card')!).getByText('This building’s version')).toBeTruthy());
  });

  it('shows the server’s message when a save is refused', async () => {
    open('email-templates', [
      on('GET', 'building/:id/email-templates', () => json([invite])),
      on('PUT', 'building/:id/email-templates/:slug', () => json({ statusCode: 400, message: 'Message is required' }, 400)),
    ]);
    const form = await screen.findByRole('form', { name: 'Tenant invitation' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Subject' }), { target: { value: 'New subject' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update email template')).toBeTruthy();
    expect(await within(form).findByText('Message is required')).toBeTruthy();
  });

  it('says "Failed to fetch email templates." when they cannot be loaded', async () => {
    open('email-templates', [on('GET', 'building/:id/email-templates', () => json({ statusCode: 500, message: 'boom' }, 500))]);
    // The toast and the page's own error.
    await waitFor(() => expect(screen.getAllByText('Failed to fetch email templates.')).toHaveLength(2));
  });

  it('is read-only for a partner who may not change the building', async () => {
    open('email-templates', [on('GET', 'building/:id/email-templates', () => json([invite]))], { ...elm, access_role: 'VIEWER' });
    const form = await screen.findByRole('form', { name: 'Tenant invitation' });
    expect(within(form).getByRole('textbox', { name: 'Subject' }).hasAttribute('disabled')).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe("a building's e-mail signature", () => {
  it('shows the signature and saves a new one', async () => {
    open('signature', [
      on('GET', 'building/:id/signature', () => json({ signature: 'The Elm Street team' })),
      on('PUT', 'building/:id/signature', async (request) => json(await request.json().then((body) => ({ signature: (body as { signature: string }).signature })))),
    ]);
    const field = await screen.findByRole('textbox', { name: 'Signature' });
    expect((field as HTMLTextAreaElement).value).toBe('The Elm Street team');
    fireEvent.change(field, { target: { value: 'Elm Court management\n(512) 555-0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('E-mail signature saved')).toBeTruthy();
    const put = bff!.requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe(`/api/building/${tower.id}/signature`);
    expect(put.body).toEqual({ signature: 'Elm Court management\n(512) 555-0100' });
  });

  it('says "Failed to fetch email signature." when it cannot be loaded', async () => {
    open('signature', [on('GET', 'building/:id/signature', () => json({ statusCode: 503, message: 'Service Unavailable' }, 503))]);
    await waitFor(() => expect(screen.getAllByText('Failed to fetch email signature.')).toHaveLength(2));
  });
});
