import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AppFeedback } from './feedback/AppFeedback.js';
import type { AppStore } from './store.js';
import { appTheme } from './theme.js';

/** The text style antd's `App` gives the page (its `.ant-app` rule), from the theme's tokens. */
function AppText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
}

/**
 * Everything a screen needs around it; tests wrap screens in the same providers as the running app. antd's `App` is
 * there in two parts: its text style (AppText) and `App.useApp()`'s toasts and dialogs (AppFeedback, which loads their
 * code when a screen first uses them, so a public page's first download does not carry it).
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={appTheme}>
        <AppFeedback>
          <AppText>{children}</AppText>
        </AppFeedback>
      </ConfigProvider>
    </Provider>
  );
}
