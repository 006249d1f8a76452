import { FOLDER_NAME_TAKEN_IN_TARGET, FOLDER_NOT_EMPTY, folderFixture, type FolderView } from '@pm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on, pageOf, type stubBffRoutes } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { aLocation } from '../../app/test-fixtures.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const harbor = aLocation({ id: 'loc-harbor', name: 'Harbor View', type: 'MULTI_UNIT' });
const cove = aLocation({ id: 'loc-cove', name: 'Cove Lofts', type: 'MULTI_UNIT' });
const leases: FolderView = { ...folderFixture, property_location_id: harbor.id };
const renewals: FolderView = { ...folderFixture, id: '01937c41-0a1b-7c2d-8e3f-4a5b6c7d8e03', name: '2027 renewals', parent_folder_id: leases.id, property_location_id: harbor.id };
const failure = (status: number, message: string) => () => json({ statusCode: status, message }, status);

function render(path: string, routes: ReturnType<typeof on>[]) {
  const view = renderManagerArea(path, {
    locations: [harbor, cove],
    routes: [...routes, on('GET', 'vault/documents', () => json(pageOf([]))), on('GET', 'document/status-stream', () => new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } }))],
  });
  bff = view.bff;
  return view;
}

const toast = (text: string) => waitFor(() => expect(document.querySelector('.ant-notification')?.textContent ?? '').toContain(text));

describe('vault folders (spec 001 §2 Vault, §7 calls, §8 texts)', () => {
  it('says "Failed to fetch root contents" when the top level cannot be listed', async () => {
    render('/property-manager/operations-hub/vault', [on('GET', 'document-folders/root/contents', failure(500, 'boom'))]);
    await toast('Failed to fetch root contents');
  });

  it('shows the path down to a folder in the breadcrumb, from its hierarchy', async () => {
    render(`/property-manager/operations-hub/vault/folder/${renewals.id}`, [
      on('GET', 'document-folders/:id/hierarchy', () => json({ hierarchy: [leases, renewals] })),
      on('GET', 'document-folders/:id/contents', () => json({ folder: renewals, folders: [], documents: pageOf([]) })),
      on('GET', 'document-folders/root/contents', () => json({ folder: null, folders: [leases], documents: pageOf([]) })),
    ]);
    const trail = () => within(document.querySelector<HTMLElement>('.ant-breadcrumb')!);
    await waitFor(() => expect(trail().getByRole('link', { name: 'Leases' }).getAttribute('href')).toBe(`/property-manager/operations-hub/vault/folder/${leases.id}`));
    expect(trail().getByRole('link', { name: 'My Vault' })).toBeTruthy();
    expect(trail().getByText('2027 renewals')).toBeTruthy();
  });

  it('says "Failed to fetch folder hierarchy" and "Failed to fetch folder contents" when a folder cannot be read', async () => {
    render(`/property-manager/operations-hub/vault/folder/${renewals.id}`, [
      on('GET', 'document-folders/:id/hierarchy', failure(503, 'Service Unavailable')),
      on('GET', 'document-folders/:id/contents', failure(503, 'Service Unavailable')),
      on('GET', 'document-folders/root/contents', () => json({ folder: null, folders: [leases], documents: pageOf([]) })),
    ]);
    await toast('Failed to fetch folder hierarchy');
    await toast('Failed to fetch folder contents');
  });

  it('deletes an empty folder, and says "Failed to delete folder" with the reason when it is not empty', async () => {
    let answer = failure(409, FOLDER_NOT_EMPTY);
    render('/property-manager/operations-hub/vault', [
      on('GET', 'document-folders/root/contents', () => json({ folder: null, folders: [leases], documents: pageOf([]) })),
      on('DELETE', 'document-folders/:id', () => answer()),
    ]);
    const deleteIt = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Actions for Leases' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getAllByText('Delete this folder?').length).toBeGreaterThan(0);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    };
    await deleteIt();
    await toast('Failed to delete folder');
    await toast(FOLDER_NOT_EMPTY);

    answer = () => json({ message: 'Folder deleted successfully' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await deleteIt();
    await toast('Folder deleted successfully');
    expect(bff!.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`/api/document-folders/${leases.id}`, `/api/document-folders/${leases.id}`]);
  });

  it('moves a folder to another property, and says "Failed to move folders between properties" when refused', async () => {
    render('/property-manager/operations-hub/vault', [
      on('GET', 'document-folders/root/contents', () => json({ folder: null, folders: [leases], documents: pageOf([]) })),
      on('POST', 'document/move-folders-between-properties', failure(409, FOLDER_NAME_TAKEN_IN_TARGET)),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Leases' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to another property' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Target property' }));
    fireEvent.click(await screen.findByText('Cove Lofts'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await toast('Failed to move folders between properties');
    await toast(FOLDER_NAME_TAKEN_IN_TARGET);
    expect(bff!.requests.find((request) => request.method === 'POST')!.body).toEqual({ folder_ids: [leases.id], source_property_location_id: harbor.id, target_property_location_id: cove.id });
  });

  it('says "Failed to fetch document categories." when the upload dialog cannot read them, and still offers the categories', async () => {
    render('/property-manager/operations-hub/vault?openDocumentUpload=true&defaultCategoryId=2', [
      on('GET', 'document-folders/root/contents', () => json({ folder: null, folders: [], documents: pageOf([]) })),
      on('GET', 'document/categories', failure(500, 'boom')),
    ]);
    await toast('Failed to fetch document categories.');
    expect(within(await screen.findByRole('dialog')).getByText('Lease')).toBeTruthy();
  });
});
