import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../src/app/AppProviders.js';
import { createAppStore, type AppStore } from '../src/app/store.js';

/** Renders routes the way main.tsx does (same providers, a data router), starting at `path`, with a fresh store. */
export function renderRoutes(routes: RouteObject[], { path = '/', store = createAppStore() }: { path?: string; store?: AppStore } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, store };
}
