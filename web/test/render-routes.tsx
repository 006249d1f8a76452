import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../src/app/AppProviders.js';
import { createAppStore, type AppStore } from '../src/app/store.js';

/**
 * A copy of the route tree (down to each `lazy` object) for one router. A data router empties a route's `lazy` object
 * as it loads its parts, in the objects it was given: the app's one router may, but a second router of the same test
 * file would then find `lazy: {}`, load nothing and answer 404 "No route matches URL".
 */
const ownCopy = (routes: RouteObject[]): RouteObject[] =>
  routes.map(
    (route) =>
      ({
        ...route,
        ...(route.lazy && typeof route.lazy === 'object' ? { lazy: { ...route.lazy } } : {}),
        ...(route.children ? { children: ownCopy(route.children) } : {}),
      }) as RouteObject,
  );

/** Renders routes the way main.tsx does (same providers, a data router), starting at `path`, with a fresh store. */
export function renderRoutes(routes: RouteObject[], { path = '/', store = createAppStore() }: { path?: string; store?: AppStore } = {}) {
  const router = createMemoryRouter(ownCopy(routes), { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, store };
}
