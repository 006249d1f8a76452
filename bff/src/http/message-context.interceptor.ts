import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { runInMessageContext } from '@pm/messaging';
import { PRINCIPAL, REQUEST_ID_HEADER, type Principal } from '@pm/nest-kit';
import type { Request } from 'express';
import { Observable } from 'rxjs';

/**
 * Every request a BFF handler makes to a service carries the HTTP request id as correlation id, the verified user
 * as actor and the caller's own token, so the service checks the token itself and logs line up across processes.
 */
@Injectable()
export class MessageContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request & { [PRINCIPAL]?: Principal; id?: string }>();
    const principal = request[PRINCIPAL];
    const correlationId = String(request.id ?? request.headers[REQUEST_ID_HEADER] ?? '');
    return new Observable((subscriber) =>
      runInMessageContext(
        {
          correlationId: correlationId || crypto.randomUUID(),
          causationId: null,
          actor: principal
            ? { kind: principal.isAnonymous ? 'anonymous' : 'user', userId: principal.userId }
            : { kind: 'system', name: 'bff' },
          // null for a browser request without a token: it must not go out with the BFF's own service token.
          authorization: request.headers.authorization ?? null,
        },
        () => next.handle().subscribe(subscriber),
      ),
    );
  }
}
