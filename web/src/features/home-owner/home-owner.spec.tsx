import { documentFixture } from '@pm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aSession, aUser, jsonResponse, stubBff } from '../../../test/bff-stub.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { appRoutes } from '../../app/router.js';
import { sessionFromResponse } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';
import { aLocation, aSuggestion } from '../../app/test-fixtures.js';
import { homeOwnerTexts } from './home-owner-texts.js';

let bff: ReturnType<typeof stubBff>;
afterEach(() => bff?.restore());

function signedInOwner() {
  const store = createAppStore();
  store.dispatch(sessionFromResponse(aSession(aUser({ account_type: 'home_owner' }))));
  return store;
}

const home = aLocation({ name: '1460 Harbor View Dr', address_text: '1460 Harbor View Dr, San Diego, CA 92101', type: 'SINGLE_FAMILY_HOME', access_role: 'OWNER' });
const lease = { ...documentFixture, id: 'doc-lease', original_name: 'Lease 2027.pdf' };
const page = <T,>(items: T[]) => jsonResponse({ items, next_cursor: null, total: items.length });

describe('the home-owner portal', () => {
  it('/properties opens the Property Overview: the owner’s properties and newest documents, each document linking to its page', async () => {
    bff = stubBff({ 'GET property-location/all': jsonResponse([home]), 'GET vault/documents': page([lease]) });
    const { router } = renderRoutes(appRoutes, { path: '/properties', store: signedInOwner() });

    expect(await screen.findByRole('heading', { level: 1, name: homeOwnerTexts.overview })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByText('1460 Harbor View Dr, San Diego, CA 92101')).toBeTruthy();
    expect(screen.getByText('Single Family Home')).toBeTruthy();
    expect((await screen.findByText('Lease 2027.pdf')).closest('a')!.getAttribute('href')).toBe('/documents/doc-lease');
    expect(new URLSearchParams(bff.callsTo('GET', 'vault/documents')[0]!.path.split('?')[1]).get('limit')).toBe('5');
    expect(screen.getByRole('link', { name: homeOwnerTexts.allDocuments }).getAttribute('href')).toBe('/documents');
  });

  it('offers to add the first property when the owner has none, and says so when the list fails', async () => {
    bff = stubBff({ 'GET property-location/all': jsonResponse([]), 'GET vault/documents': jsonResponse({ statusCode: 500, message: 'boom' }, 500) });
    renderRoutes(appRoutes, { path: '/dashboard', store: signedInOwner() });

    expect(await screen.findByText(homeOwnerTexts.noProperties)).toBeTruthy();
    expect(screen.getByRole('link', { name: homeOwnerTexts.addFirst }).getAttribute('href')).toBe('/properties/add');
    expect(await screen.findByText(homeOwnerTexts.documentsFailed)).toBeTruthy();
  });

  it('/properties/add keeps the picked address as the owner’s home and returns to the overview', async () => {
    const picked = aSuggestion({ label: '1460 Harbor View Dr, San Diego, CA 92101', street: '1460 Harbor View Dr', city: 'San Diego', state: 'CA', zipcode: '92101' });
    let saved = false;
    bff = stubBff({
      'GET address/suggestions': jsonResponse({ suggestions: [picked] }),
      'POST user-property/byaddress': () => {
        saved = true;
        return jsonResponse({ id: home.id, street: '1460 harbor view dr', city: 'san diego', state: 'CA', county: null, zipcode: '92101', country: 'US' });
      },
      'GET property-location/all': () => jsonResponse(saved ? [home] : []),
      'GET vault/documents': page([]),
    });
    const { router } = renderRoutes(appRoutes, { path: '/properties/add', store: signedInOwner() });

    const input = await screen.findByLabelText(homeOwnerTexts.addressLabel);
    fireEvent.click(screen.getByRole('button', { name: homeOwnerTexts.addProperty }));
    expect(await screen.findByText(homeOwnerTexts.pickAddressFirst)).toBeTruthy();
    expect(bff.callsTo('POST', 'user-property/byaddress')).toHaveLength(0);

    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '1460 Harbor' } });
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option');
      if (!found) throw new Error('no suggestion yet');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: homeOwnerTexts.addProperty }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bff.callsTo('POST', 'user-property/byaddress')[0]!.body).toEqual({ street: '1460 Harbor View Dr', city: 'San Diego', state: 'CA', zip: '92101' });
    expect(await screen.findByText('1460 Harbor View Dr, San Diego, CA 92101')).toBeTruthy();
  });

  it('sends a signed-out visitor of the portal to login, remembering where they were going', async () => {
    bff = stubBff({});
    const { router } = renderRoutes(appRoutes, { path: '/properties/add' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((router.state.location.state as { from?: { pathname: string } } | null)?.from?.pathname).toBe('/properties/add');
  });
});
