import { App } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http/error-message.js';

type MutationResult = { data: unknown } | { error: unknown };

/**
 * One account form's submit: the spec's success or failure toast (section 8) and the server's message kept for
 * display under the form.
 */
export function useAccountUpdate(texts: { success: string; failure: string }) {
  const { notification } = App.useApp();
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  const run = async (call: () => PromiseLike<MutationResult>, onSuccess?: (data: unknown) => void): Promise<boolean> => {
    setServerMessage(null);
    const result = await call();
    if ('error' in result) {
      notification.error({ title: texts.failure });
      setServerMessage(errorMessage(result.error, texts.failure));
      return false;
    }
    notification.success({ title: texts.success });
    onSuccess?.(result.data);
    return true;
  };

  return { run, serverMessage };
}
