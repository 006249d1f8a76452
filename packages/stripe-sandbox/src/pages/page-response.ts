export type PageResponse =
  | { kind: 'html'; status: number; html: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'json'; status: number; body: unknown };

export interface PageRequest {
  method: string;
  /** The form fields of a POST, or the query of a GET. */
  form: URLSearchParams;
  remoteAddress: string;
  userAgent: string | null;
}

export const html = (body: string, status = 200): PageResponse => ({ kind: 'html', status, html: body });
export const redirect = (location: string): PageResponse => ({ kind: 'redirect', location });
