import { documentFixture } from '@pm/contracts';
import { screen, within } from '@testing-library/react';
import { json, managerUser, on, pageOf, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { sessionStarted } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';
import { EntityDocumentsPanel, type DocumentEntityType } from './EntityDocumentsPanel.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => bff?.restore());

describe('an entity\'s Documents', () => {
  it.each<DocumentEntityType>(['building', 'unit', 'tenant'])('lists the documents of a %s from its own list call, newest first', async (entityType) => {
    bff = stubBffRoutes(on('GET', `${entityType}/e-1/document`, () => json(pageOf([{ ...documentFixture, id: 'd-1', original_name: `${entityType}-notice.pdf` }]))));
    const store = createAppStore();
    store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user: managerUser() }));
    renderRoutes([{ path: '/', element: <EntityDocumentsPanel entityType={entityType} entityId="e-1" locationId="loc-1" /> }], { store });
    const table = await screen.findByRole('table', { name: `Documents of this ${entityType}` });
    expect(await within(table).findByText(`${entityType}-notice.pdf`)).toBeTruthy();
    const list = bff.requests.find((request) => request.path === `/api/${entityType}/e-1/document`)!;
    expect(Object.fromEntries(list.query)).toEqual({ sort: 'created_at', order: 'desc', limit: '100' });
  });
});
