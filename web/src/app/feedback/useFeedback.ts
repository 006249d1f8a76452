import AppContext, { type useAppProps } from 'antd/es/app/context';
import { useContext } from 'react';

/**
 * antd's `App.useApp()` (toasts, notifications and confirm dialogs; here the deferred facade of AppFeedback) without
 * importing antd's `App`: that import alone brings the code of message, notification and modal (about 18 KB gzipped)
 * into the screen's download, which the facade exists to avoid.
 */
export function useFeedback(): useAppProps {
  return useContext(AppContext);
}
