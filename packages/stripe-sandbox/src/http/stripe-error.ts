// Stripe's error replies: `{ error: { type, code, message, param, ... } }` with the status Stripe uses for each case.
// stripe-node turns the status and `type` into its error classes (401 → StripeAuthenticationError, 402 →
// StripeCardError, `idempotency_error` → StripeIdempotencyError, other 4xx → StripeInvalidRequestError).

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  charge?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;

export const invalidRequest = (message: string, param?: string, code?: string, status = 400): StripeApiError =>
  new StripeApiError(status, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const unknownParam = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');

/** A path id that names nothing answers 404; an id given as a parameter answers 400 naming the parameter, as Stripe does. */
export const noSuchResource = (objectName: string, id: string, param?: string) =>
  invalidRequest(`No such ${objectName}: '${id}'`, param ?? 'id', 'resource_missing', param ? 400 : 404);

export const idempotencyMismatch = (key: string) =>
  new StripeApiError(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });

export const cardError = (code: string, message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StripeApiError(402, { type: 'card_error', code, message, doc_url: docUrl(code), ...extra });
