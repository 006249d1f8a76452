import { RpcException } from '@nestjs/microservices';
import { RpcErrorBodySchema, type RpcErrorBody } from '@pm/contracts';

/**
 * A request that failed in a way the caller should hear about: an HTTP-like status and a message for the person
 * using the product. Thrown by handlers (and guards) on the service side, re-thrown by RpcClient on the caller side,
 * mapped 1:1 to an HTTP response by the BFF.
 */
export class RpcFailure extends RpcException {
  readonly body: RpcErrorBody;

  constructor(status: number, message: string, code?: string, details?: unknown) {
    const body = RpcErrorBodySchema.parse({ status, message, code, details });
    super(body);
    this.body = body;
    this.name = 'RpcFailure';
  }

  get status(): number {
    return this.body.status;
  }

  static badRequest(message: string, details?: unknown) {
    return new RpcFailure(400, message, 'bad_request', details);
  }
  static unauthorized(message = 'Authentication required') {
    return new RpcFailure(401, message, 'unauthorized');
  }
  static forbidden(message = 'You do not have access to this resource') {
    return new RpcFailure(403, message, 'forbidden');
  }
  static notFound(message = 'Not found') {
    return new RpcFailure(404, message, 'not_found');
  }
  static conflict(message: string) {
    return new RpcFailure(409, message, 'conflict');
  }

  /** Recognises an error body that crossed a process boundary (or Nest's exception filter). */
  static from(error: unknown): RpcFailure | undefined {
    if (error instanceof RpcFailure) return error;
    const candidate = error instanceof RpcException ? error.getError() : error;
    const parsed = RpcErrorBodySchema.safeParse(candidate);
    return parsed.success ? new RpcFailure(parsed.data.status, parsed.data.message, parsed.data.code, parsed.data.details) : undefined;
  }
}
