import { errorMessage, errorStatus } from '../../lib/http/error-message.js';

/** Spec 001 §8, the chat's toasts, word for word. */
export const chatToasts = {
  timedOut: 'Request timed out. Please try again.',
  cancelled: 'Request was cancelled. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  failed: 'Failed to send message. Please try again.',
} as const;

/**
 * The toast for a message that got no answer, and the server's own explanation when it gave one (a 400's rule, the
 * 503 saying the AI model is unavailable). RTK Query reports its own timeout as TIMEOUT_ERROR and a connection that
 * failed as FETCH_ERROR; a request the user cancelled is an aborted fetch too, hence the flag.
 */
export function chatFailure(error: unknown, cancelledByUser: boolean): { title: string; description?: string } {
  if (cancelledByUser) return { title: chatToasts.cancelled };
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  if (status === 'TIMEOUT_ERROR' || status === 504) return { title: chatToasts.timedOut };
  if (status === 'FETCH_ERROR') return { title: chatToasts.network };
  const code = errorStatus(error);
  const said = code !== undefined && code !== 500 ? errorMessage(error, '') : '';
  return said ? { title: chatToasts.failed, description: said } : { title: chatToasts.failed };
}
