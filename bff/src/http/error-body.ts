import type { RpcFailure } from '@pm/messaging';

/** The one error body of the API: the service's status and user-facing message; details only for the caller's own mistakes. */
export function errorBody(failure: RpcFailure): Record<string, unknown> {
  const { status, message, code, details } = failure.body;
  return { statusCode: status, message, ...(code ? { code } : {}), ...(details !== undefined && status < 500 ? { details } : {}) };
}
