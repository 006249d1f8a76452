import { App } from 'antd';
import { useLayoutEffect } from 'react';
import { notificationConfig } from '../notifications.js';
import type { AttachFeedback } from './deferred-feedback.js';

function Attach({ attach }: { attach: AttachFeedback }) {
  const api = App.useApp();
  useLayoutEffect(() => attach(api), [api, attach]);
  return null;
}

/**
 * antd's App around nothing but the hand-over: it mounts the holders of messages, notifications and confirm dialogs
 * (in the app's ConfigProvider, so they wear its theme) and gives their API to the facade the whole app reads.
 */
export default function FeedbackHolders({ attach }: { attach: AttachFeedback }) {
  return (
    <App component={false} notification={notificationConfig}>
      <Attach attach={attach} />
    </App>
  );
}
