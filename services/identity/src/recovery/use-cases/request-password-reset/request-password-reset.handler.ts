import { Injectable } from '@nestjs/common';
import { ForgotPassword, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { CaptchaVerifier } from '../../../captcha/captcha-verifier.js';
import { IdentityMails } from '../../../mail/identity-mails.js';
import { RateLimiter } from '../../../rate-limit/rate-limiter.js';
import { OneTimeTokens } from '../../../tokens/one-time-tokens.js';
import { UsersRepository } from '../../../users/users.repository.js';

export const RECOVERY_TTL_SECONDS = 3600;

/**
 * "Forgot password": always "sent", so the answer never tells whether an account exists; mail only to real ones.
 * Own transactions: the rate-limit count stays, and the mail follows the commit.
 */
@Injectable()
@UseCase(ForgotPassword, { public: true, ownTransactions: true })
export class RequestPasswordResetHandler implements UseCaseHandler<typeof ForgotPassword> {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: OneTimeTokens,
    private readonly mails: IdentityMails,
    private readonly limiter: RateLimiter,
    private readonly captcha: CaptchaVerifier,
  ) {}

  async handle({ body, clientIp }: RequestOf<typeof ForgotPassword>, context: UseCaseContext): Promise<{ sent: true }> {
    await this.limiter.hit('forgot-password', clientIp, body.email);
    await this.captcha.verify(body.captchaToken, clientIp);
    const issued = await context.em.transactional(async (em) => {
      const user = await this.users.findByEmail(em, body.email, { isAnonymous: false });
      if (!user) return undefined;
      await this.tokens.retireOutstanding(em, 'recover_password', user.id);
      return { email: user.email, token: this.tokens.issue(em, 'recover_password', { userId: user.id, ttlSeconds: RECOVERY_TTL_SECONDS }) };
    });
    if (issued) await this.mails.sendRecovery(issued.email, issued.token);
    return { sent: true };
  }
}
