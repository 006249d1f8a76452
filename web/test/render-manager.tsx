import { sessionStarted, type SessionUser } from '../src/app/session-slice.js';
import { createAppStore } from '../src/app/store.js';
import { propertyManagerRoute } from '../src/app/pm-shell/routes.js';
import { rememberSelectedLocation } from '../src/app/pm-shell/selected-location.js';
import type { PropertyLocation } from '../src/app/property-location.js';
import { progressWith } from '../src/app/test-fixtures.js';
import type { OnboardingProgress } from '../src/features/property-manager/onboarding-progress.js';
import { json, managerUser, on, stubBffRoutes, type BffRoute } from './pm-bff.js';
import { renderRoutes } from './render-routes.js';

/**
 * Renders the whole property-manager area at `path` for a signed-in manager whose locations are `locations` (the
 * first selected unless `selected` says otherwise). `routes` answer first; the locations list, each location and
 * the onboarding progress and the navbar flags have defaults after them.
 */
export function renderManagerArea(
  path: string,
  {
    locations,
    selected = locations[0],
    progress = progressWith(),
    routes = [],
    user = managerUser(),
  }: { locations: PropertyLocation[]; selected?: PropertyLocation; progress?: OnboardingProgress; routes?: BffRoute[]; user?: SessionUser },
) {
  const bff = stubBffRoutes(
    ...routes,
    on('GET', 'property-location/all', () => json(locations)),
    on('GET', 'property-location/:id', (_request, url) => {
      const found = locations.find((location) => url.pathname.endsWith(`/${location.id}`));
      return found ? json(found) : json({ statusCode: 404, message: 'Property location not found' }, 404);
    }),
    on('GET', 'property-manager/onboarding/:id/progress', () => json(progress)),
    // A location whose communication is not set up yet (its phone number and e-mail address come later).
    on('GET', 'property-manager/navbar-flags/:id', () =>
      json({ showCommunicationMenuItems: false, showWorkflowsMenuItem: false, showPropertyInvoices: false, showMaintenanceRequestsMenuItem: false }),
    ),
  );
  if (selected) rememberSelectedLocation(user.id, selected.id);
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user }));
  const view = renderRoutes([{ path: '/', children: [propertyManagerRoute] }], { path, store });
  return { ...view, bff, user };
}
