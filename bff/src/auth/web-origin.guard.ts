import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { RpcFailure } from '@pm/messaging';
import type { Request } from 'express';
import { AUTH_WEB_CONFIG, type AuthWebConfig } from './auth-web.config.js';

const NOT_FROM_WEB_APP = 'This request must come from the web app.';

/**
 * For routes that set the refresh cookie: a page on another site must not be able to call them with the visitor's
 * browser. A cross-site HTML form can only send form or text bodies, so a body must be JSON (415 otherwise); a
 * browser names the calling page's origin, which must be the web app's or its special host's (403 otherwise).
 * Callers outside a browser send no Origin and carry no victim's cookies, so they pass.
 */
@Injectable()
export class WebOriginGuard implements CanActivate {
  constructor(@Inject(AUTH_WEB_CONFIG) private readonly config: AuthWebConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== this.config.PUBLIC_WEB_URL && origin !== this.config.SPECIAL_HOST_WEB_URL) throw new RpcFailure(403, NOT_FROM_WEB_APP, 'cross_origin');
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new RpcFailure(403, NOT_FROM_WEB_APP, 'cross_origin');
    const type = req.headers['content-type'];
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if ((type !== undefined || hasBody) && !isJson(type)) throw new RpcFailure(415, 'Send the request body as JSON (Content-Type: application/json).', 'unsupported_media_type');
    return true;
  }
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
