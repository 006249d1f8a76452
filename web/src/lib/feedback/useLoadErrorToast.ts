import { useFeedback } from '../../app/feedback/useFeedback.js';
import { useEffect } from 'react';

/** Spec 001 section 8: a list that fails to load says so in a toast, once per failure. */
export function useLoadErrorToast(failed: boolean, message: string): void {
  const { notification } = useFeedback();
  useEffect(() => {
    if (failed) notification.error({ title: message });
  }, [failed, message, notification]);
}
