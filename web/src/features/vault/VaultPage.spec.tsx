import { documentFixture, type DocumentView } from '@pm/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { folderFixture } from '@pm/contracts';
import { json, on, pageOf, type stubBffRoutes } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { aLocation } from '../../app/test-fixtures.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const harbor = aLocation({ id: 'loc-harbor', name: 'Harbor View', type: 'MULTI_UNIT' });
const aDocument = (overrides: Partial<DocumentView>): DocumentView => ({ ...documentFixture, id: crypto.randomUUID(), created_at: new Date().toISOString(), ...overrides });

/** document/status-stream as the BFF serves it: the test writes events into the one connection. */
function statusStream() {
  const encoder = new TextEncoder();
  let writer: ReadableStreamDefaultController<Uint8Array> | undefined;
  const route = on('GET', 'document/status-stream', () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        writer = controller;
        controller.enqueue(encoder.encode(': connected\n\n'));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return { route, send: (event: object) => writer?.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)), connected: () => writer !== undefined };
}

function render(path: string, documents: DocumentView[], extra: Parameters<typeof on>[] = []) {
  const stream = statusStream();
  const view = renderManagerArea(path, {
    locations: [harbor],
    routes: [
      ...extra.map((route) => on(...route)),
      stream.route,
      on('GET', 'vault/documents', (_request, url) => json(pageOf(url.searchParams.get('pending_location') === 'true' ? [] : documents))),
      on('GET', 'document-folders/root/contents', () => json({ folder: null, folders: [], documents: pageOf(documents) })),
    ],
  });
  bff = view.bff;
  return { ...view, stream };
}

describe('vault page', () => {
  it('opens the upload dialog with the Lease category from the onboarding checklist\'s link', async () => {
    const { router } = render('/property-manager/operations-hub/vault?openDocumentUpload=true&defaultCategoryId=2', []);
    await screen.findByRole('table', { name: 'Vault documents' });
    expect(router.state.location.search).toBe('?openDocumentUpload=true&defaultCategoryId=2');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Upload Documents')).toBeTruthy();
    expect(within(dialog).getByText('Lease')).toBeTruthy();
  });

  it('lists the location\'s top-level documents with their status labels, and a PROCESSING row turns Processed from the status stream', async () => {
    const processing = aDocument({ original_name: 'lease-a101.pdf', status: 'PROCESSING', progress: 10 });
    const uploaded = aDocument({ original_name: 'photo.jpg', status: 'NEW', progress: 0 });
    const { stream } = render('/property-manager/operations-hub/vault', [processing, uploaded]);
    const table = await screen.findByRole('table', { name: 'Vault documents' });
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    await within(table).findByText('lease-a101.pdf');
    expect(within(row('photo.jpg')).getByText('Uploaded')).toBeTruthy();
    expect(within(row('lease-a101.pdf')).getByText('Processing')).toBeTruthy();
    expect(within(row('lease-a101.pdf')).getByRole('progressbar')).toBeTruthy();
    const list = bff!.requests.find((request) => request.path === '/api/document-folders/root/contents')!;
    expect(list.query.get('property_location_id')).toBe(harbor.id);
    expect(list.query.get('sort')).toBe('created_at');

    await untilTrue(() => stream.connected());
    act(() => stream.send({ document_id: processing.id, status: 'PROCESSED', progress: 100, property_location_id: harbor.id, category_id: 2 }));
    expect(await within(row('lease-a101.pdf')).findByText('Processed')).toBeTruthy();
    expect(within(row('lease-a101.pdf')).queryByRole('progressbar')).toBeNull();
  });
  it('searches the whole location through the vault list, not the folder listing', async () => {
    const lease = aDocument({ original_name: 'lease-a101.pdf' });
    render('/property-manager/operations-hub/vault', [lease]);
    const table = await screen.findByRole('table', { name: 'Vault documents' });
    await within(table).findByText('lease-a101.pdf');
    expect(bff!.requests.some((request) => request.path === '/api/vault/documents' && request.query.has('search'))).toBe(false);
    fireEvent.change(screen.getByLabelText('Search documents'), { target: { value: 'lease' } });
    await untilTrue(() => bff!.requests.some((request) => request.path === '/api/vault/documents' && request.query.get('search') === 'lease'));
    const search = bff!.requests.find((request) => request.path === '/api/vault/documents' && request.query.get('search') === 'lease')!;
    expect(search.query.get('property_location_id')).toBe(harbor.id);
    expect(search.query.has('folder_id')).toBe(false);
    expect(await within(table).findByText('lease-a101.pdf')).toBeTruthy();
  });
});

describe('vault folders', () => {
  it('creates a folder in the folder shown, "Folder name is required" first', async () => {
    render('/property-manager/operations-hub/vault/folder/f-1', [], [
      ['GET', 'document-folders/f-1/contents', () => json({ folder: { ...folderFixture, id: 'f-1', name: 'Leases' }, folders: [], documents: pageOf([]) })],
      ['POST', 'document-folders', () => json({ ...folderFixture, id: 'f-2', name: 'Renewals' }, 201)],
    ]);
    // The folder's name is the page's title.
    expect(await screen.findByRole('heading', { level: 1, name: 'Leases' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /New Folder/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Folder name is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'Renewals' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await untilTrue(() => bff!.requests.some((request) => request.method === 'POST' && request.path === '/api/document-folders'));
    const post = bff!.requests.find((request) => request.method === 'POST' && request.path === '/api/document-folders')!;
    expect(post.body).toEqual({ name: 'Renewals', parent_folder_id: 'f-1', property_location_id: harbor.id });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers no new subfolder inside a system folder, and marks system folders read-only', async () => {
    render('/property-manager/operations-hub/vault/folder/mail', [], [
      ['GET', 'document-folders/mail/contents', () => json({ folder: { ...folderFixture, id: 'mail', name: 'E-mail attachments', is_system_folder: true }, folders: [], documents: pageOf([]) })],
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail attachments' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Vault documents' });
    expect(screen.queryByRole('button', { name: /New Folder/ })).toBeNull();
  });

  it('lists the root\'s folders with the system folder marked read-only', async () => {
    render('/property-manager/operations-hub/vault', [], [
      ['GET', 'document-folders/root/contents', () => json({ folder: null, folders: [{ ...folderFixture, id: 'mail', name: 'E-mail attachments', is_system_folder: true }, folderFixture], documents: pageOf([]) })],
    ]);
    const folders = await screen.findByRole('list', { name: 'Folders' });
    // Named by the folder and its count alone (the icon is decorative).
    const mail = within(folders).getByRole('link', { name: /^E-mail attachments \(\d+\)$/ }).closest('li')!;
    expect(within(mail).getByText('Read-only')).toBeTruthy();
    expect(within(within(folders).getByRole('link', { name: /Leases/ }).closest('li')!).queryByText('Read-only')).toBeNull();
  });
});

describe('vault document actions (context menu)', () => {
  const lease = () => aDocument({ id: 'doc-lease', original_name: 'lease-a101.pdf', status: 'PROCESSED', folder_id: 'f-1' });
  const dialog = () => screen.getByRole('dialog');

  async function openMenu(item: string) {
    const table = await screen.findByRole('table', { name: 'Vault documents' });
    fireEvent.contextMenu(await within(table).findByText(/^lease-a101/));
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

  /** The folder f-1 with one document; the server's list answers what it holds now. */
  function renderFolder(routes: Parameters<typeof on>[], holds: () => DocumentView[] = () => [lease()]) {
    return render('/property-manager/operations-hub/vault/folder/f-1', [], [
      ['GET', 'document-folders/f-1/contents', () => json({ folder: { ...folderFixture, id: 'f-1', name: 'Leases' }, folders: [{ ...folderFixture, id: 'f-2', name: 'Renewals' }], documents: pageOf(holds()) })],
      ['GET', 'document-folders/root/contents', () => json({ folder: null, folders: [{ ...folderFixture, id: 'f-1', name: 'Leases' }, { ...folderFixture, id: 'mail', name: 'E-mail attachments', is_system_folder: true }], documents: pageOf([]) })],
      ...routes,
    ]);
  }

  it('renames a document: "Document renamed successfully."', async () => {
    let name = 'lease-a101.pdf';
    renderFolder([['PUT', 'document/doc-lease/rename', async (request) => {
      name = ((await request.json()) as { name: string }).name;
      return json({ message: 'Document renamed successfully.', document: { ...lease(), original_name: name } });
    }]], () => [{ ...lease(), original_name: name }]);
    await openMenu('Rename');
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: '  lease-a101 (signed).pdf ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Document renamed successfully.')).toBeTruthy();
    expect(name).toBe('lease-a101 (signed).pdf');
    expect(await within(screen.getByRole('table', { name: 'Vault documents' })).findByText('lease-a101 (signed).pdf')).toBeTruthy();
  });

  it('changes the category, and says so when it fails', async () => {
    let answer = () => json({ message: 'Document category updated successfully', document: { ...lease(), category: { id: 3, name: 'Inspection Report' }, category_id: 3 } });
    renderFolder([['PATCH', 'document/doc-lease/category', () => answer()]]);
    await openMenu('Change category');
    await chooseOption('Category', 'Inspection Report');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Document category updated successfully')).toBeTruthy();
    expect(bff!.requests.find((request) => request.method === 'PATCH')!.body).toEqual({ category: 3 });

    answer = () => json({ statusCode: 503, message: 'Unavailable' }, 503);
    await openMenu('Change category');
    await chooseOption('Category', 'Other');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update category of document')).toBeTruthy();
  });

  it('deletes after confirmation: the row shows Deleting, then leaves the list', async () => {
    let deleted = false;
    const answer = deferredAnswer();
    renderFolder([['DELETE', 'vault/documents/doc-lease', async () => {
      await answer.promise;
      deleted = true;
      return json({ message: 'Document deleted successfully' });
    }]], () => (deleted ? [] : [lease()]));
    await openMenu('Delete');
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/lease-a101\.pdf" will be removed/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const table = screen.getByRole('table', { name: 'Vault documents' });
    const row = within(table).getByText('lease-a101.pdf').closest('tr')!;
    expect(await within(row).findByText('Deleting')).toBeTruthy();
    answer.resolve();
    expect(await screen.findByText('Document deleted successfully')).toBeTruthy();
    await waitFor(() => expect(within(table).queryByText('lease-a101.pdf')).toBeNull());
  });

  it('says "Failed to delete document." and keeps the row when the delete fails', async () => {
    renderFolder([['DELETE', 'vault/documents/doc-lease', () => json({ statusCode: 503, message: 'Unavailable' }, 503)]]);
    await openMenu('Delete');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete document.')).toBeTruthy();
    const row = within(screen.getByRole('table', { name: 'Vault documents' })).getByText('lease-a101.pdf').closest('tr')!;
    await waitFor(() => expect(within(row).queryByText('Deleting')).toBeNull());
  });

  it('moves a document to another folder or the top level, never into a system folder', async () => {
    renderFolder([['POST', 'document-folders/move-documents', () => json({ message: 'Document moved successfully', moved_documents_count: 1 })]]);
    await openMenu('Move to folder');
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'Folder' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    const offered = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).map((item) => item.textContent);
    expect(offered).toEqual(['My Vault (top level)', 'Renewals']);
    await chooseOption('Folder', 'Renewals');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Document moved successfully')).toBeTruthy();
    expect(bff!.requests.find((request) => request.path === '/api/document-folders/move-documents')!.body).toEqual({ document_ids: ['doc-lease'], folder_id: 'f-2' });
  });

  it('tags a document with the location\'s buildings and tenants, each id once, and says so when it fails', async () => {
    const tagged = { ...lease(), tags: { property_location_ids: [], building_ids: ['b-1'], unit_ids: [], tenant_ids: ['t-1', 't-1'], property_manager_ids: [] } };
    let fails = false;
    renderFolder(
      [
        ['GET', 'vault/tagging-options', () => json({
          buildings: [{ id: 'b-1', name: 'Building A', property_location_id: harbor.id }, { id: 'b-2', name: 'Building B', property_location_id: harbor.id }],
          units: [],
          tenants: [{ id: 't-1', full_name: 'Maria Lopez', unit_id: 'u-1', building_id: 'b-1', property_location_id: harbor.id, archived: false }],
          propertyManagers: [],
        })],
        ['PUT', 'vault/documents/doc-lease/tags', () => (fails ? json({ statusCode: 404, message: 'Not found' }, 404) : json(tagged))],
      ],
      () => [tagged],
    );
    await openMenu('Tags');
    await waitFor(() => expect(within(dialog()).getByText('Building A')).toBeTruthy());
    await chooseOption('Buildings', 'Building B');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await untilTrue(() => bff!.requests.some((request) => request.method === 'PUT'));
    expect(bff!.requests.find((request) => request.method === 'PUT')!.body).toEqual({
      property_location_ids: [], building_ids: ['b-1', 'b-2'], unit_ids: [], tenant_ids: ['t-1'], property_manager_ids: [],
    });
    expect(bff!.requests.find((request) => request.path === '/api/vault/tagging-options')!.query.toString()).toContain(harbor.id);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fails = true;
    await openMenu('Tags');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update document tags.')).toBeTruthy();
  });
});

function deferredAnswer() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function untilTrue(condition: () => boolean) {
  for (let tries = 0; tries < 200 && !condition(); tries += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(condition()).toBe(true);
}
