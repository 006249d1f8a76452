import type { RpcFailure } from '@pm/messaging';

/** The one error body of the API, for every failure: the status again, a message written for people, a stable code. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  code?: string;
}

export function apiError(statusCode: number, message: string, code?: string): ApiErrorBody {
  return { statusCode, message, ...(code ? { code } : {}) };
}

/** A service's failure as the service worded it (for a schema's problems, the first one is the message). */
export function errorBody(failure: RpcFailure): ApiErrorBody {
  const { status, message, code } = failure.body;
  return apiError(status, message, code);
}
