import { screen } from '@testing-library/react';
import { json, managerUser, on, pageOf, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { propertyManagerRoute } from '../../app/pm-shell/routes.js';
import { sessionStarted } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';
import { aLocation, progressWith } from '../../app/test-fixtures.js';
import { aTenant } from './test-fixtures.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

function renderArea(path: string) {
  const location = aLocation();
  bff = stubBffRoutes(
    on('GET', 'property-location/all', () => json([location])),
    on('GET', 'property-manager/onboarding/:id/progress', () => json(progressWith())),
    on('GET', 'tenant/location/:id', (_request, url) =>
      json(pageOf(url.searchParams.get('archived') === 'true' ? [aTenant({ full_name: 'Past Pat', is_archived: true })] : [aTenant({ full_name: 'Current Cy' })])),
    ),
  );
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user: managerUser() }));
  renderRoutes([{ path: '/', children: [propertyManagerRoute] }], { path, store });
  return location;
}

describe('tenant routes in the manager area', () => {
  it('tenants lists the active tenants of the selected location', async () => {
    const location = renderArea('/property-manager/tenants');
    expect(await screen.findByText('Current Cy')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite Tenants' })).toBeTruthy();
    expect(bff.requests.some((request) => request.path === `/api/tenant/location/${location.id}` && !request.query.has('archived'))).toBe(true);
  });

  it('past-tenants lists the archived ones with Retrieve', async () => {
    renderArea('/property-manager/past-tenants');
    expect(await screen.findByText('Past Pat')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retrieve Past Pat' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a Tenant' })).toBeNull();
  });
});
