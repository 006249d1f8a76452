import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { aLocation } from '../../app/test-fixtures.js';
import type { Contact } from './contact.js';

const location = aLocation({ name: 'Elm Court', type: 'MULTI_UNIT', access_role: 'OWNER' });
const sam: Contact = {
  id: 'contact-sam',
  name: 'Sam Rivera',
  role: 'PLUMBER',
  details: [{ type: 'email', label: 'Work', value: 'sam@rivera.example' }],
  location_ids: [location.id],
};

let bff: { restore: () => void } | undefined;
afterEach(() => bff?.restore());

const contactRoutes = (contact: Contact) => [
  on('GET', 'contacts', () => json([contact])),
  on('GET', 'contacts/:id', (_request, url) => (url.pathname.endsWith(`/${contact.id}`) ? json(contact) : json({ statusCode: 404, message: 'Contact not found' }, 404))),
  on('PUT', 'contacts/:id', async (request) => json({ ...contact, ...((await request.json()) as Partial<Contact>) })),
  on('POST', 'contacts', async (request) => json({ ...contact, id: 'contact-new', ...((await request.json()) as Partial<Contact>) }, 201)),
  on('GET', 'contacts/:id/documents', () => json({ items: [], next_cursor: null, total: 0 })),
];

describe('the contact routes of the selected location (/property-manager/contacts…)', () => {
  it('contacts lists the selected location’s contacts, asked with its id, each linking to its page', async () => {
    const view = renderManagerArea('/property-manager/contacts', { locations: [location], routes: contactRoutes(sam) });
    bff = view.bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Sam Rivera' })).getAttribute('href')).toBe('/property-manager/contacts/contact-sam');
    expect(view.bff.requests.find((request) => request.path === '/api/contacts')!.query.get('location_id')).toBe(location.id);
  });

  it('contacts/{id} shows the contact read through the selected location, with Edit leading to contacts/{id}/edit', async () => {
    const view = renderManagerArea('/property-manager/contacts/contact-sam', { locations: [location], routes: contactRoutes(sam) });
    bff = view.bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Rivera' })).toBeTruthy();
    expect(screen.getByText('Work: sam@rivera.example')).toBeTruthy();
    expect(view.bff.requests.find((request) => request.path === '/api/contacts/contact-sam')!.query.get('location_id')).toBe(location.id);

    fireEvent.click(await screen.findByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Contact' })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/property-manager/contacts/contact-sam/edit');
  });

  it('contacts/{id}/edit saves the contact and returns to it', async () => {
    const view = renderManagerArea('/property-manager/contacts/contact-sam/edit', { locations: [location], routes: contactRoutes(sam) });
    bff = view.bff;
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Sam Rivera'));
    fireEvent.change(name, { target: { value: 'Sam Rivera Jr.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(view.router.state.location.pathname).toBe('/property-manager/contacts/contact-sam'));
    const put = view.bff.requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe('/api/contacts/contact-sam');
    expect(put.query.get('location_id')).toBe(location.id);
    expect((put.body as { name: string }).name).toBe('Sam Rivera Jr.');
  });

  it('contacts/create adds a contact to the selected location and goes back to the list', async () => {
    const view = renderManagerArea('/property-manager/contacts/create', { locations: [location], routes: contactRoutes(sam) });
    bff = view.bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Contact' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lee Chen' } });
    const form = screen.getByRole('heading', { level: 1, name: 'Add Contact' }).closest('.ant-card') as HTMLElement;
    fireEvent.click(within(form).getByRole('button', { name: 'Add Contact' }));

    await waitFor(() => expect(view.router.state.location.pathname).toBe('/property-manager/contacts'));
    const post = view.bff.requests.find((request) => request.method === 'POST' && request.path === '/api/contacts')!;
    expect(post.query.get('location_id')).toBe(location.id);
    expect(post.body).toMatchObject({ name: 'Lee Chen', location_ids: [location.id] });
  });

  it('says so when the contact is not found', async () => {
    const view = renderManagerArea('/property-manager/contacts/nobody', { locations: [location], routes: contactRoutes(sam) });
    bff = view.bff;
    expect((await screen.findAllByText('Failed to fetch contact.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy();
  });
});
