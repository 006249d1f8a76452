import type { Request, Response } from 'express';

export const REFRESH_COOKIE = 'pm_refresh';
/** Only the auth endpoints ever see the refresh token; page scripts never do (httpOnly). */
export const REFRESH_COOKIE_PATH = '/api/auth';

export function readRefreshCookie(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === REFRESH_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function setRefreshCookie(res: Response, token: string, maxAgeSeconds: number, secure: boolean): void {
  res.cookie(REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: REFRESH_COOKIE_PATH, secure, maxAge: maxAgeSeconds * 1000 });
}

export function clearRefreshCookie(res: Response, secure: boolean): void {
  res.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'lax', path: REFRESH_COOKIE_PATH, secure });
}
