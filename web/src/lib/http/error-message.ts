/**
 * The user-facing message of a failed BFF call: the server's `message` (the BFF answers `{ statusCode, message }`),
 * else the error's own message, else the given fallback. Spec section 8: dialogs and forms show the server's
 * message, falling back to the error message.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object') {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object') {
      const message = (data as { message?: unknown }).message;
      if (typeof message === 'string' && message) return message;
      if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    }
    const own = (error as { message?: unknown; error?: unknown }).message ?? (error as { error?: unknown }).error;
    if (typeof own === 'string' && own) return own;
  }
  return fallback;
}

/** The HTTP status of a failed RTK Query call, when there was a response. */
export function errorStatus(error: unknown): number | undefined {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** A call refused by the account's plan (409, code `plan_limit`): the message names the limit; the page offers the upgrade. */
export function isPlanLimit(error: unknown): boolean {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  return Boolean(data && typeof data === 'object' && (data as { code?: unknown }).code === 'plan_limit');
}
