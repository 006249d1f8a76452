import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { PRINCIPAL } from './jwt-auth.guard.js';
import type { Principal } from './principal.js';

/** The verified caller of an HTTP or NATS request handler (set by JwtAuthGuard). */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const holder =
    context.getType() === 'http' ? context.switchToHttp().getRequest() : context.switchToRpc().getContext();
  const principal = (holder as { [PRINCIPAL]?: Principal })[PRINCIPAL];
  if (!principal) throw new Error('CurrentPrincipal used on a handler that is @Public() or not behind JwtAuthGuard');
  return principal;
});
