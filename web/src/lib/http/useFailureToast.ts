import { App } from 'antd';
import { useEffect } from 'react';

/** Spec 001 section 8: a screen whose data failed to load says so in a toast, once per failure. */
export function useFailureToast(failed: boolean, title: string): void {
  const { notification } = App.useApp();
  useEffect(() => {
    if (failed) notification.error({ title });
  }, [failed, title, notification]);
}
