import { documentFixture, type DocumentView } from '@pm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on, stubBffRoutes, type BffRoute } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { renderRoutes } from '../../../test/render-routes.js';
import type { AccessRole, PropertyLocation } from '../../app/property-location.js';
import { aLocation } from '../../app/test-fixtures.js';
import { DIALOG_REPEAT_WINDOW_MS } from '../../lib/forms/repeat-guard.js';
import type { Contact } from './contact.js';
import { ContactsPage } from './ContactsPage.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

function aContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: crypto.randomUUID(),
    name: 'Sam Rivera',
    role: 'PLUMBER',
    details: [
      { type: 'email', label: 'Work', value: 'sam@rivera.example' },
      { type: 'phone', label: null, value: '5551234567' },
      { type: 'other', label: 'Company', value: 'Rivera Plumbing' },
    ],
    location_ids: [],
    ...overrides,
  };
}

/** The location's contacts, filtered by `search` the way the service does (case-insensitive substring of the name). */
function contactsRoute(contacts: Contact[]): BffRoute {
  return on('GET', 'contacts', (_request, url) => {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    return json(contacts.filter((contact) => contact.name.toLowerCase().includes(search)));
  });
}

function renderContacts(accessRole: AccessRole, contacts: Contact[], { routes = [], others = [] }: { routes?: BffRoute[]; others?: PropertyLocation[] } = {}) {
  const location = aLocation({ access_role: accessRole, name: '12 Oak Street' });
  const all = [location, ...others];
  bff = stubBffRoutes(
    ...routes,
    contactsRoute(contacts.map((contact) => ({ ...contact, location_ids: contact.location_ids.length ? contact.location_ids : [location.id] }))),
    on('GET', 'property-location/all', () => json(all)),
    on('GET', 'property-location/:id', () => json(location)),
  );
  renderRoutes([{ path: '/property-manager/property-locations/:id/contacts', element: <ContactsPage /> }], {
    path: `/property-manager/property-locations/${location.id}/contacts`,
  });
  return location;
}

const dialog = () => screen.getByRole('dialog');
const type = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const writes = () => bff.requests.filter((request) => request.method !== 'GET');
const rowNames = () => Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row td:first-child')).map((cell) => cell.textContent);

async function openRowMenu(name: string, item: 'View' | 'Delete') {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: label }));
  const found = await waitFor(() => {
    const match = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((item) => item.textContent === option);
    if (!match) throw new Error(`no option ${option}`);
    return match;
  });
  fireEvent.click(found);
}

describe('ContactsPage', () => {
  it('is the Contacts section of a property location, with its tab', async () => {
    const location = aLocation({ name: 'Elm Court', type: 'MULTI_UNIT' });
    bff = renderManagerArea(`/property-manager/property-locations/${location.id}/contacts`, { locations: [location], routes: [contactsRoute([aContact()])] }).bff;
    expect(await screen.findByText('Sam Rivera')).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Property location sections' }));
    expect(tabs.getByRole('link', { name: 'Contacts' }).getAttribute('href')).toBe(`/property-manager/property-locations/${location.id}/contacts`);
    expect(bff.requests.find((request) => request.path === '/api/contacts')!.query.get('location_id')).toBe(location.id);
  });

  it('lists the contacts with the role chip, e-mail, formatted phone and the other details', async () => {
    const location = renderContacts('VIEWER', [aContact({ role: 'PEST_CONTROL' })]);
    expect(await screen.findByText('Sam Rivera')).toBeTruthy();
    expect(screen.getByText('Pest Control', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText('sam@rivera.example (Work)')).toBeTruthy();
    expect(screen.getByText('(555) 123-4567')).toBeTruthy();
    expect(screen.getByText('Rivera Plumbing (Company)')).toBeTruthy();
    for (const title of ['Name', 'Role', 'Email', 'Phone number', 'Job title & company']) expect(screen.getByRole('columnheader', { name: new RegExp(title) })).toBeTruthy();
    expect(screen.getByText('1-1 of 1')).toBeTruthy();
    expect(bff.requests.find((request) => request.path === '/api/contacts')!.query.get('location_id')).toBe(location.id);
  });

  it('sorts by name and by role, and pages 25 rows by default', async () => {
    const many = Array.from({ length: 30 }, (_item, index) => aContact({ name: `Contact ${String(index + 1).padStart(2, '0')}`, role: index === 0 ? 'PLUMBER' : 'OTHER' }));
    renderContacts('VIEWER', [aContact({ name: 'Zoe Adams', role: 'ATTORNEY' }), ...many]);
    expect(await screen.findByText('1-25 of 31')).toBeTruthy();
    expect(rowNames()).toHaveLength(25);

    fireEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    expect(rowNames()[0]).toBe('Contact 01');
    fireEvent.click(screen.getByRole('columnheader', { name: /Role/ }));
    expect(rowNames()[0]).toBe('Zoe Adams');
  });

  it('searches by name and says when nothing matches; with no contacts at all it invites to add one', async () => {
    renderContacts('OWNER', [aContact({ name: 'Sam Rivera' }), aContact({ name: 'Alex Kim' })]);
    expect(await screen.findByText('Alex Kim')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search contacts...'), { target: { value: 'RIV' } });
    await waitFor(() => expect(screen.queryByText('Alex Kim')).toBeNull());
    expect(screen.getByText('Sam Rivera')).toBeTruthy();
    expect(bff.requests.some((request) => request.path === '/api/contacts' && request.query.get('search') === 'RIV')).toBe(true);

    fireEvent.change(screen.getByPlaceholderText('Search contacts...'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No contacts found matching your search.')).toBeTruthy();
  });

  it('says there are no contacts for the location yet', async () => {
    renderContacts('OWNER', []);
    expect(await screen.findByText('No contacts found for this location. Click "Add Contact" to create your first contact.')).toBeTruthy();
  });

  it('shows "Error loading contacts: ..." with the server message when the list fails', async () => {
    renderContacts('OWNER', [], { routes: [on('GET', 'contacts', () => json({ statusCode: 500, message: 'Service unavailable' }, 500))] });
    expect(await screen.findByText('Error loading contacts: Service unavailable')).toBeTruthy();
  });

  it.each<AccessRole>(['OWNER', 'ADMIN', 'MANAGER', 'MEMBER'])('shows Add Contact and the row menu to a %s (contact:write)', async (role) => {
    renderContacts(role, [aContact()]);
    expect(await screen.findByRole('button', { name: 'Add Contact' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Actions for Sam Rivera' })).toBeTruthy();
  });

  it.each<AccessRole>(['VENDOR', 'VIEWER'])('hides Add Contact and the row menu from a %s', async (role) => {
    renderContacts(role, [aContact()]);
    expect(await screen.findByText('Sam Rivera')).toBeTruthy();
    await waitFor(() => expect(bff.requests.some((request) => request.path.startsWith('/api/property-location/'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Add Contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Sam Rivera' })).toBeNull();
  });

  it('adds a contact to this location by default, sending the role with underscores and the labelled details', async () => {
    const location = renderContacts('OWNER', [], {
      routes: [on('POST', 'contacts', async (request) => json({ id: crypto.randomUUID(), ...((await request.json()) as object) }, 201))],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Contact' }));
    type('Name', '  Dana Fox ');
    await chooseOption('Role', 'Pest Control');
    type('Email 1', 'dana@fox.example');
    type('Email 1 label', 'Work');
    type('Phone 1', '(555) 987-6543');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add other detail' }));
    type('Other detail 1 label', 'Company');
    type('Other detail 1', 'Fox Pest Co');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Contact' }));

    expect(await screen.findByText('Contact created successfully')).toBeTruthy();
    const post = bff.requests.find((request) => request.method === 'POST')!;
    expect(post.query.get('location_id')).toBe(location.id);
    expect(post.body).toEqual({
      name: 'Dana Fox',
      role: 'PEST_CONTROL',
      details: [
        { type: 'email', label: 'Work', value: 'dana@fox.example' },
        { type: 'phone', label: null, value: '(555) 987-6543' },
        { type: 'other', label: 'Company', value: 'Fox Pest Co' },
      ],
      location_ids: [location.id],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bff.requests.filter((request) => request.method === 'GET' && request.path === '/api/contacts').length).toBeGreaterThan(1);
  });

  it('adds a contact to several of the caller\'s writable locations and says how many', async () => {
    const elm = aLocation({ name: 'Elm Court', access_role: 'MANAGER' });
    const vendorOnly = aLocation({ name: 'Pine Plaza', access_role: 'VENDOR' });
    const location = renderContacts('OWNER', [], {
      others: [elm, vendorOnly],
      routes: [on('POST', 'contacts', async (request) => json({ id: crypto.randomUUID(), ...((await request.json()) as object) }, 201))],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Contact' }));
    type('Name', 'Dana Fox');
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'Locations' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    const optionTexts = Array.from(document.querySelectorAll('.ant-select-item-option')).map((item) => item.textContent);
    expect(optionTexts).toEqual(['12 Oak Street', 'Elm Court']);
    fireEvent.click(Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((item) => item.textContent === 'Elm Court')!);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Contact' }));

    expect(await screen.findByText('Contact created successfully for 2 locations')).toBeTruthy();
    const post = bff.requests.find((request) => request.method === 'POST')!;
    expect((post.body as { location_ids: string[] }).location_ids).toEqual([location.id, elm.id]);
    expect((post.body as { role: string }).role).toBe('OTHER');
  });

  it('shows the service\'s validation message and "Failed to create contact" when the contact is refused', async () => {
    renderContacts('OWNER', [], {
      routes: [
        on('POST', 'contacts', async (request) => {
          const body = (await request.json()) as { name: string; location_ids: string[] };
          if (body.location_ids.length === 0) return json({ statusCode: 400, message: 'At least one location is required' }, 400);
          if (!body.name.trim()) return json({ statusCode: 400, message: 'Name is required' }, 400);
          return json({ id: crypto.randomUUID(), ...body }, 201);
        }),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Contact' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog()).findByText('Name is required')).toBeTruthy();
    expect(await screen.findByText('Failed to create contact')).toBeTruthy();

    // A second submit within DIALOG_REPEAT_WINDOW_MS of the first is taken for a double click and ignored: a person
    // reads the error first. On a quiet machine the first round trip here takes less than that window.
    await new Promise((resolve) => setTimeout(resolve, DIALOG_REPEAT_WINDOW_MS));
    type('Name', 'Dana Fox');
    fireEvent.click(dialog().querySelector('.ant-select-selection-item-remove')!);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog()).findByText('At least one location is required')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('views a contact and edits it through the same dialog', async () => {
    const contact = aContact();
    const location = renderContacts('MEMBER', [contact], {
      routes: [on('PUT', 'contacts/:id', async (request) => json({ ...contact, ...((await request.json()) as object) }))],
    });
    await openRowMenu('Sam Rivera', 'View');
    expect(within(dialog()).getByText('Plumber')).toBeTruthy();
    expect(within(dialog()).getByText('Work: sam@rivera.example')).toBeTruthy();
    expect(within(dialog()).getByText('(555) 123-4567')).toBeTruthy();
    expect(within(dialog()).getByText('Company: Rivera Plumbing')).toBeTruthy();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Edit' }));
    expect(await within(dialog()).findByText('Edit Contact')).toBeTruthy();
    expect((within(dialog()).getByLabelText('Name') as HTMLInputElement).value).toBe('Sam Rivera');
    type('Name', 'Sam Rivera Jr.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove email 1' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Contact updated successfully')).toBeTruthy();
    const put = bff.requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe(`/api/contacts/${contact.id}`);
    expect(put.query.get('location_id')).toBe(location.id);
    expect(put.body).toEqual({
      name: 'Sam Rivera Jr.',
      role: 'PLUMBER',
      details: [
        { type: 'phone', label: null, value: '5551234567' },
        { type: 'other', label: 'Company', value: 'Rivera Plumbing' },
      ],
      location_ids: [location.id],
    });
  });

  it("shows the contact's documents at this location and uploads one, linked to the contact", async () => {
    const contact = aContact();
    const insurance: DocumentView = { ...documentFixture, id: crypto.randomUUID(), original_name: 'Rivera Plumbing - insurance.pdf', status: 'PROCESSED' };
    let documents = [insurance];
    const location = renderContacts('MEMBER', [contact], {
      routes: [
        on('GET', 'contacts/:id/documents', () => json({ items: documents, next_cursor: null, total: documents.length })),
        on('POST', 'contacts/:id/documents', () => {
          const w9: DocumentView = { ...documentFixture, id: crypto.randomUUID(), original_name: 'W-9.pdf', status: 'PROCESSING' };
          documents = [w9, ...documents];
          return json({ document: w9, duplicate: false }, 201);
        }),
      ],
    });
    await openRowMenu('Sam Rivera', 'View');
    const section = await within(dialog()).findByRole('region', { name: 'Documents of Sam Rivera' });
    expect(await within(section).findByText('Rivera Plumbing - insurance.pdf')).toBeTruthy();
    const listed = bff.requests.find((request) => request.path === `/api/contacts/${contact.id}/documents`)!;
    expect(listed.query.get('location_id')).toBe(location.id);

    const file = new File(['%PDF-1.4\n%%EOF\n'], 'W-9.pdf', { type: 'application/pdf' });
    fireEvent.change(within(section).getByLabelText('Files to upload for Sam Rivera'), { target: { files: [file] } });
    expect(await screen.findByText('Document uploaded successfully')).toBeTruthy();
    const posted = bff.requests.find((request) => request.method === 'POST' && request.path === `/api/contacts/${contact.id}/documents`)!;
    expect(posted.body).toEqual(expect.arrayContaining([['location_id', location.id], ['file', 'W-9.pdf']]));
    expect(await within(section).findByText('W-9.pdf')).toBeTruthy();
  });

  it('says "Failed to upload file" when the upload is refused', async () => {
    const contact = aContact();
    renderContacts('MEMBER', [contact], {
      routes: [
        on('GET', 'contacts/:id/documents', () => json({ items: [], next_cursor: null, total: 0 })),
        on('POST', 'contacts/:id/documents', () => json({ statusCode: 415, message: 'This type of file cannot be uploaded' }, 415)),
      ],
    });
    await openRowMenu('Sam Rivera', 'View');
    const section = await within(dialog()).findByRole('region', { name: 'Documents of Sam Rivera' });
    expect(await within(section).findByText('No documents for this contact yet.')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Files to upload for Sam Rivera'), { target: { files: [new File(['MZ'], 'setup.pdf')] } });
    expect(await screen.findByText('Failed to upload file')).toBeTruthy();
    expect(await screen.findByText('This type of file cannot be uploaded')).toBeTruthy();
  });

  it('says "Failed to update contact" with the server message when the edit is refused', async () => {
    renderContacts('OWNER', [aContact()], { routes: [on('PUT', 'contacts/:id', () => json({ statusCode: 400, message: 'Name is required' }, 400))] });
    await openRowMenu('Sam Rivera', 'View');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Edit' }));
    type('Name', ' ');
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update contact')).toBeTruthy();
    expect(await within(dialog()).findByText('Name is required')).toBeTruthy();
  });

  it('deletes a contact from this location after the confirmation', async () => {
    const contact = aContact();
    const location = renderContacts('ADMIN', [contact], { routes: [on('DELETE', 'contacts/:id', () => json({ deleted: true }))] });
    await openRowMenu('Sam Rivera', 'Delete');
    expect(within(dialog()).getByText('Are you sure you want to delete Sam Rivera?')).toBeTruthy();
    expect(writes()).toHaveLength(0);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Contact deleted successfully')).toBeTruthy();
    const request = bff.requests.find((item) => item.method === 'DELETE')!;
    expect(request.path).toBe(`/api/contacts/${contact.id}`);
    expect(request.query.get('location_id')).toBe(location.id);
  });

  it('says "Failed to delete contact" when the deletion fails', async () => {
    renderContacts('OWNER', [aContact()], { routes: [on('DELETE', 'contacts/:id', () => json({ statusCode: 404, message: 'Contact not found' }, 404))] });
    await openRowMenu('Sam Rivera', 'Delete');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete contact')).toBeTruthy();
    expect(within(dialog()).getByText('Contact not found')).toBeTruthy();
  });
});
