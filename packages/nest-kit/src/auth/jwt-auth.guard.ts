import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RpcFailure, withholdCallerToken, type RequestContext } from '@pm/messaging';
import { CALLERS } from './callers.decorator.js';
import { InvalidTokenError, JwtVerifier } from './jwt-verifier.js';
import type { Caller, CallerKind } from './principal.js';
import { IS_PUBLIC } from './public.decorator.js';

export const PRINCIPAL = Symbol('pm:principal');

/**
 * Refuses any HTTP request or NATS request without a valid access token, unless the handler is @Public(). The token
 * comes in the Authorization header only, never in a URL (URLs end up in history, logs, proxies and referrers): a
 * link a browser opens without a header carries a download link token of one file instead (the BFF's DownloadLinks).
 * The BFF checks tokens, and each service checks them again: a service never trusts that its caller did.
 * Event handlers (JetStream) are not guarded: events are facts already authorised when they were recorded.
 * A handler takes users only unless it opts in to service callers with @Callers (403 for the wrong kind).
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
    const accepted = this.reflector.getAllAndOverride<CallerKind[] | undefined>(CALLERS, [context.getHandler(), context.getClass()]) ?? ['user'];
    const type = context.getType<'http' | 'rpc'>();
    if (type === 'http') {
      const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; [PRINCIPAL]?: Caller }>();
      let caller: Caller;
      try {
        caller = await this.verifier.verifyCaller(request.headers['authorization']);
      } catch (error) {
        throw new UnauthorizedException(error instanceof InvalidTokenError ? error.message : 'Authentication required');
      }
      if (!accepted.includes(caller.kind)) throw new ForbiddenException(refusal(caller.kind));
      request[PRINCIPAL] = caller;
      return true;
    }
    if (type === 'rpc') {
      const rpc = context.switchToRpc().getContext<RequestContext & { [PRINCIPAL]?: Caller }>();
      // Event handlers receive an EventContext without an authorization field: let them through (see above).
      if (!('authorization' in rpc)) return true;
      let caller: Caller;
      try {
        caller = await this.verifier.verifyCaller(rpc.authorization);
      } catch (error) {
        throw RpcFailure.unauthorized(error instanceof InvalidTokenError ? error.message : undefined);
      }
      if (!accepted.includes(caller.kind)) throw RpcFailure.forbidden(refusal(caller.kind));
      if (caller.kind === 'service') withholdCallerToken();
      rpc[PRINCIPAL] = caller;
      return true;
    }
    return false;
  }
}

function refusal(kind: CallerKind): string {
  return kind === 'service' ? 'This request must be made by a signed-in user' : 'This request is open to services only';
}
