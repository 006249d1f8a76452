import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { RpcFailure } from '@pm/messaging';
import type { Response } from 'express';
import { errorBody } from './error-body.js';

/** A service's failure becomes the HTTP answer as is: same status, same user-facing message. */
@Catch(RpcFailure)
export class RpcFailureFilter implements ExceptionFilter {
  catch(failure: RpcFailure, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(failure.status).json(errorBody(failure));
  }
}
