import type { NextFunction, Request, Response } from 'express';
import { API_BASE_PATH } from './api-base-path.js';

/** The captcha providers' scripts and frames (web/src/features/auth/captcha): the only third-party code the app loads. */
const captchaOrigins = 'https://challenges.cloudflare.com https://js.hcaptcha.com https://*.hcaptcha.com';

/**
 * One policy for every answer, satisfied by the built web app and by the API docs page: scripts and styles from this
 * origin only (antd writes its styles at run time, hence inline styles), map tiles from any https host (the tile
 * server is a build-time setting), no plugins, no framing by anyone.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${captchaOrigins}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  `connect-src 'self' ${captchaOrigins}`,
  `frame-src ${captchaOrigins}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Auth and account answers carry tokens or personal data: never kept by the browser or a shared cache. */
const noStorePaths = [`/${API_BASE_PATH}/auth/`, `/${API_BASE_PATH}/user/`];

/** Headers every BFF answer carries (web app, API, docs, probes); Strict-Transport-Security only when served over https. */
export function securityHeaders(options: { https: boolean }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (options.https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (noStorePaths.some((prefix) => req.path.startsWith(prefix)) || req.path === `/${API_BASE_PATH}/user`) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
