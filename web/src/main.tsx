import './app/zod-jitless.js';
import 'antd/dist/reset.css';
import './app/responsive-layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders.js';
import { appRoutes } from './app/router.js';
import { startTabCoordination } from './app/session-renewal.js';
import { createAppStore } from './app/store.js';
import { SessionKeeper } from './features/auth/session/SessionKeeper.js';
import { restoreSession } from './features/auth/session/session-thunks.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = createAppStore();
// Before the restore, so this tab's first refresh already takes turns with the other tabs' and shares its result.
store.dispatch(startTabCoordination());
// Before the first render, so the guard waits for the refresh cookie instead of sending a signed-in user to login.
void store.dispatch(restoreSession());
const router = createBrowserRouter(appRoutes);

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <SessionKeeper />
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
