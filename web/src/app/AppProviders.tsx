import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store.js';
import { appTheme } from './theme.js';

/** Everything a screen needs around it; tests wrap screens in the same providers as the running app. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={appTheme}>
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </Provider>
  );
}
