/** Spec 001 §8, the chat's toasts, word for word (a stream's failures are spec 002 §8's, in stream-chat-answer.ts). */
export const chatToasts = {
  timedOut: 'Request timed out. Please try again.',
  cancelled: 'Request was cancelled. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  failed: 'Failed to send message. Please try again.',
} as const;
