import AppContext from 'antd/es/app/context';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { deferredFeedback } from './deferred-feedback.js';

const FeedbackHolders = lazy(() => import('./FeedbackHolders.js'));

/**
 * antd's `App` for the whole app, without its weight in the first download: `App.useApp()` answers the deferred facade
 * (deferred-feedback.ts), and antd's message, notification and modal code (about 50 KB gzipped, as much as the rest of
 * antd on the landing page) loads when a screen first shows a toast or a confirm dialog. The holders are a sibling of
 * the page, so their arrival re-renders nothing else.
 */
export function AppFeedback({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const [feedback] = useState(() => deferredFeedback(() => setWanted(true)));
  return (
    <AppContext.Provider value={feedback.api}>
      {wanted ? (
        <Suspense fallback={null}>
          <FeedbackHolders attach={feedback.attach} />
        </Suspense>
      ) : null}
      {children}
    </AppContext.Provider>
  );
}
