import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { RpcFailure } from '@pm/messaging';
import type { Response } from 'express';
import { apiError, errorBody, type ApiErrorBody } from './error-body.js';

/**
 * Every failure the BFF answers leaves in the one error shape: a service's failure as the service worded it, the
 * BFF's own HttpExceptions with their message, and what Nest and the body parser would otherwise word themselves
 * (unknown routes, unreadable bodies) in product English, so no parser or framework text reaches the caller.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.bodyOf(error);
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(body.statusCode).json(body);
  }

  private bodyOf(error: unknown): ApiErrorBody {
    // Not RpcFailure.from: body-parser's and Nest's errors carry a status and message too, worded for developers.
    if (error instanceof RpcFailure) return errorBody(error);
    if (error instanceof HttpException) {
      const status = error.getStatus();
      // Nest wraps what Express and body-parser throw in an HttpException with the original as its cause.
      if (error.cause !== undefined) return bodyParserError(error.cause) ?? apiError(status, status < 500 ? 'The request could not be read' : 'Something went wrong');
      // Nest's router words an unknown route "Cannot GET /api/…"; every other HttpException is ours, worded for people.
      if (status === 404 && /^Cannot [A-Z]+ /.test(error.message)) return apiError(404, 'Not found', 'not_found');
      if (status < 500) return apiError(status, messageOf(error));
    }
    this.logger.error(error instanceof Error ? error.stack ?? error.message : String(error));
    return apiError(500, 'Something went wrong');
  }
}

function messageOf(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  return typeof message === 'string' ? message : error.message;
}

/** body-parser's failures carry a `type`; each gets a message of ours instead of the parser's. */
function bodyParserError(error: unknown): ApiErrorBody | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  switch (type) {
    case 'entity.parse.failed':
      return apiError(400, 'The request body is not valid JSON', 'bad_request');
    case 'entity.too.deep':
      return apiError(400, 'The request body is nested too deeply', 'bad_request');
    case 'entity.too.large':
      return apiError(413, 'The request body is too large', 'payload_too_large');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return apiError(415, 'The request body must be JSON in UTF-8', 'unsupported_media_type');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
    case 'stream.not.readable':
      return apiError(400, 'The request body could not be read', 'bad_request');
    default:
      return undefined;
  }
}
