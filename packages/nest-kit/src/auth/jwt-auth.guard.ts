import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RpcFailure, type RequestContext } from '@pm/messaging';
import { InvalidTokenError, JwtVerifier } from './jwt-verifier.js';
import type { Principal } from './principal.js';
import { IS_DOWNLOAD_ROUTE } from './download-route.decorator.js';
import { IS_PUBLIC } from './public.decorator.js';

export const PRINCIPAL = Symbol('pm:principal');

/**
 * Refuses any HTTP request or NATS request without a valid access token, unless the handler is @Public(). On a
 * @DownloadRoute() the token may come as `?token=` (see there); an Authorization header, when present, wins. The BFF
 * checks tokens, and each service checks them again: a service never trusts that its caller did.
 * Event handlers (JetStream) are not guarded: events are facts already authorised when they were recorded.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly verifier: JwtVerifier,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const type = context.getType<'http' | 'rpc'>();
    if (type === 'http') {
      const request = context.switchToHttp().getRequest<{
        headers: Record<string, string | undefined>;
        query?: Record<string, unknown>;
        [PRINCIPAL]?: Principal;
      }>();
      const isDownload = this.reflector.getAllAndOverride<boolean>(IS_DOWNLOAD_ROUTE, [context.getHandler(), context.getClass()]);
      const queryToken = isDownload ? request.query?.['token'] : undefined;
      const authorization = request.headers['authorization'] ?? (typeof queryToken === 'string' && queryToken ? `Bearer ${queryToken}` : undefined);
      try {
        request[PRINCIPAL] = await this.verifier.verify(authorization);
        return true;
      } catch (error) {
        throw new UnauthorizedException(error instanceof InvalidTokenError ? error.message : 'Authentication required');
      }
    }
    if (type === 'rpc') {
      const rpc = context.switchToRpc().getContext<RequestContext & { [PRINCIPAL]?: Principal }>();
      // Event handlers receive an EventContext without an authorization field: let them through (see above).
      if (!('authorization' in rpc)) return true;
      try {
        rpc[PRINCIPAL] = await this.verifier.verify(rpc.authorization);
        return true;
      } catch (error) {
        throw RpcFailure.unauthorized(error instanceof InvalidTokenError ? error.message : undefined);
      }
    }
    return false;
  }
}
