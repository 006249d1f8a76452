import { Injectable } from '@nestjs/common';
import { ResendVerification, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { IdentityMails } from '../../../mail/identity-mails.js';
import { RateLimiter } from '../../../rate-limit/rate-limiter.js';
import { OneTimeTokens } from '../../../tokens/one-time-tokens.js';
import { UsersRepository } from '../../users.repository.js';
import { VERIFY_EMAIL_TTL_SECONDS } from '../sign-up/sign-up.handler.js';

/**
 * A fresh verification link (the older ones stop working). Silent for unknown and already verified addresses.
 * Own transactions: the rate-limit count stays, and the mail follows the commit.
 */
@Injectable()
@UseCase(ResendVerification, { public: true, ownTransactions: true })
export class ResendVerificationHandler implements UseCaseHandler<typeof ResendVerification> {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: OneTimeTokens,
    private readonly mails: IdentityMails,
    private readonly limiter: RateLimiter,
  ) {}

  async handle({ body, clientIp }: RequestOf<typeof ResendVerification>, context: UseCaseContext): Promise<{ sent: true }> {
    await this.limiter.hit('resend-verification', clientIp, body.email);
    const sent = await context.em.transactional(async (em) => {
      const user = await this.users.findByEmail(em, body.email, { isAnonymous: false, emailVerified: false });
      if (!user) return undefined;
      await this.tokens.retireOutstanding(em, 'verify_email', user.id);
      return { user, token: this.tokens.issue(em, 'verify_email', { userId: user.id, ttlSeconds: VERIFY_EMAIL_TTL_SECONDS }) };
    });
    if (sent) await this.mails.sendVerification(sent.user.email, sent.user.name, sent.token);
    return { sent: true };
  }
}
