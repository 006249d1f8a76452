import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { RpcFailure } from '@pm/messaging';
import { PRINCIPAL } from './jwt-auth.guard.js';
import type { Caller, Principal } from './principal.js';

function callerOf(context: ExecutionContext): Caller {
  const holder =
    context.getType() === 'http' ? context.switchToHttp().getRequest() : context.switchToRpc().getContext();
  const caller = (holder as { [PRINCIPAL]?: Caller })[PRINCIPAL];
  if (!caller) throw new Error('CurrentPrincipal/CurrentCaller used on a handler that is @Public() or not behind JwtAuthGuard');
  return caller;
}

/** The verified user calling an HTTP or NATS request handler (set by JwtAuthGuard). */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const caller = callerOf(context);
  // Only reachable on a handler that opted in to services with @Callers yet reads a user: refuse rather than guess.
  if (caller.kind !== 'user') throw RpcFailure.forbidden('This request must be made by a signed-in user');
  return caller;
});

/** The verified caller, user or service, of a handler that accepts both (@Callers('user', 'service')). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => callerOf(context));
