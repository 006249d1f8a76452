import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ForgotPassword, RequestOf } from '@pm/contracts';
import { CaptchaVerifier } from '../../../captcha/captcha-verifier.js';
import { IdentityMails } from '../../../mail/identity-mails.js';
import { RateLimiter } from '../../../rate-limit/rate-limiter.js';
import { OneTimeTokens } from '../../../tokens/one-time-tokens.js';
import { User } from '../../../users/user.entity.js';

export const RECOVERY_TTL_SECONDS = 3600;

/** "Forgot password": always "sent", so the answer never tells whether an account exists; mail only to real ones. */
@Injectable()
export class RequestPasswordResetHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: OneTimeTokens,
    private readonly mails: IdentityMails,
    private readonly limiter: RateLimiter,
    private readonly captcha: CaptchaVerifier,
  ) {}

  async handle({ body, clientIp }: RequestOf<typeof ForgotPassword>): Promise<{ sent: true }> {
    await this.limiter.hit('forgot-password', clientIp, body.email);
    await this.captcha.verify(body.captchaToken, clientIp);
    const issued = await this.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { email: body.email, isAnonymous: false });
      if (!user) return undefined;
      await this.tokens.retireOutstanding(em, 'recover_password', user.id);
      return { email: user.email, token: this.tokens.issue(em, 'recover_password', { userId: user.id, ttlSeconds: RECOVERY_TTL_SECONDS }) };
    });
    if (issued) await this.mails.sendRecovery(issued.email, issued.token);
    return { sent: true };
  }
}
