import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Headers, HttpCode, HttpException, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { Public } from '@pm/nest-kit';
import type { Request } from 'express';
import { PaddleWebhookIntake } from './paddle-webhook-intake.js';

/**
 * Paddle's notification destination (`POST /paddle/webhook` on the payments service itself, not through the BFF): the
 * raw body goes to the intake, which believes it only when its signature holds and answers 200 once what it changes is
 * committed. A failure before that answers 5xx, so Paddle delivers it again.
 */
@Public()
@Controller('paddle')
export class PaddleWebhookController {
  constructor(
    private readonly orm: MikroORM,
    private readonly intake: PaddleWebhookIntake,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  async receive(@Req() req: RawBodyRequest<Request>, @Headers('paddle-signature') signature?: string): Promise<{ received: true }> {
    const body = req.rawBody;
    if (!body) throw new HttpException('Expected a JSON body', 415);
    const outcome = await this.intake.receive(this.orm.em.fork() as EntityManager, body, signature);
    if (outcome.status === 400) throw new HttpException(outcome.message, 400);
    return { received: true };
  }
}
