import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { RequestOf, ResendVerification } from '@pm/contracts';
import { OneTimeTokens } from '../../../tokens/one-time-tokens.js';
import { IdentityMails } from '../../../mail/identity-mails.js';
import { RateLimiter } from '../../../rate-limit/rate-limiter.js';
import { User } from '../../user.entity.js';
import { VERIFY_EMAIL_TTL_SECONDS } from '../sign-up/sign-up.handler.js';

/** A fresh verification link (the older ones stop working). Silent for unknown and already verified addresses. */
@Injectable()
export class ResendVerificationHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: OneTimeTokens,
    private readonly mails: IdentityMails,
    private readonly limiter: RateLimiter,
  ) {}

  async handle({ body, clientIp }: RequestOf<typeof ResendVerification>): Promise<{ sent: true }> {
    await this.limiter.hit('resend-verification', clientIp, body.email);
    const sent = await this.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { email: body.email, isAnonymous: false, emailVerified: false });
      if (!user) return undefined;
      await this.tokens.retireOutstanding(em, 'verify_email', user.id);
      return { user, token: this.tokens.issue(em, 'verify_email', { userId: user.id, ttlSeconds: VERIFY_EMAIL_TTL_SECONDS }) };
    });
    if (sent) await this.mails.sendVerification(sent.user.email, sent.user.name, sent.token);
    return { sent: true };
  }
}
