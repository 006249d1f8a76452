// Paddle's error answers: `{ error: { type, code, detail, documentation_url, errors? }, meta: { request_id } }`, with
// the status Paddle documents for each code (https://developer.paddle.com/errors). The SDK turns them into ApiError
// with the same `code`, `detail` and `errors`.

export interface FieldError {
  field: string;
  message: string;
}

export class PaddleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    /** The folder of Paddle's error reference the code is documented in. */
    readonly area: 'shared' | 'customers' | 'transactions' | 'subscriptions' = 'shared',
  ) {
    super(detail);
  }

  body() {
    return {
      type: this.status >= 500 ? 'api_error' : 'request_error',
      code: this.code,
      detail: this.detail,
      documentation_url: `https://developer.paddle.com/errors/${this.area}/${this.code}`,
      ...(this.errors.length > 0 ? { errors: this.errors } : {}),
    };
  }
}

export const notFound = (id: string) => new PaddleApiError(404, 'not_found', `Entity ${id} not found`);

export const invalidFields = (errors: FieldError[]) => new PaddleApiError(400, 'invalid_field', 'Request does not pass validation.', errors);

export const invalidField = (field: string, message: string) => invalidFields([{ field, message }]);

export const badRequest = (detail = 'Invalid request.') => new PaddleApiError(400, 'bad_request', detail);

export const subscriptionError = (status: number, code: string, detail: string) => new PaddleApiError(status, code, detail, [], 'subscriptions');
