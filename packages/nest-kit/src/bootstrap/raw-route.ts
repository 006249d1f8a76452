import type { Type } from '@nestjs/common';
import type { Request, Response } from 'express';

/**
 * A provider that answers one POST route itself, ahead of the framework: no global middleware (request logging, body
 * parsing, the ORM's request context), no guard, pipe, interceptor or exception filter runs for it. It reads the body
 * itself, answers every outcome itself (a refusal included) and logs what deserves it.
 *
 * Why it exists: for a provider's webhook that is the platform's busiest write and must answer within the provider's
 * budget under bursts (messaging's SMS in), the framework's work per request was a large share of the whole. Anything
 * with a caller's session goes through controllers or use cases as usual; a raw route is public by nature, so it
 * authenticates its caller itself (a signature).
 */
export interface RawRouteHandler {
  handle(req: Request, res: Response): Promise<void>;
}

export interface RawRoute {
  /** An exact path, e.g. `/sms/inbound`. */
  path: string;
  handler: Type<RawRouteHandler>;
}
