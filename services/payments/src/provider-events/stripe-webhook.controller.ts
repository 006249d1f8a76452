import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Headers, HttpCode, HttpException, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { Public } from '@pm/nest-kit';
import type { Request } from 'express';
import { StripeWebhookIntake } from './stripe-webhook-intake.js';

/**
 * Stripe's webhook endpoint (`POST /stripe/webhook` on the payments service itself, not through the BFF): the raw
 * body as posted goes to the intake, which believes it only when its signature holds, and answers 200 only once the
 * event and its ledger entries are committed. A failure before that answers 5xx, so Stripe delivers the event again.
 */
@Public()
@Controller('stripe')
export class StripeWebhookController {
  constructor(
    private readonly orm: MikroORM,
    private readonly intake: StripeWebhookIntake,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  async receive(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature?: string): Promise<{ received: true }> {
    const body = req.rawBody;
    if (!body) throw new HttpException('Expected a JSON body', 415);
    const outcome = await this.intake.receive(this.orm.em.fork() as EntityManager, body, signature);
    if (outcome.status === 400) throw new HttpException(outcome.message, 400);
    return { received: true };
  }
}
