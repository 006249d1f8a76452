import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { RpcFailure } from '@pm/messaging';
import type { Response } from 'express';

/** A service's failure becomes the HTTP answer as is: same status, same user-facing message. */
@Catch(RpcFailure)
export class RpcFailureFilter implements ExceptionFilter {
  catch(failure: RpcFailure, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message, code, details } = failure.body;
    response.status(status).json({ statusCode: status, message, ...(code ? { code } : {}), ...(details !== undefined && status < 500 ? { details } : {}) });
  }
}
