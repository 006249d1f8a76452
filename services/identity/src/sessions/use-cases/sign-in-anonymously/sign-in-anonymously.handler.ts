import { Injectable } from '@nestjs/common';
import { SignInAnonymously, type RequestOf, type SessionGrant } from '@pm/contracts';
import { UseCase, type UseCaseHandler } from '@pm/nest-kit';
import { AuthEngine } from '../../../auth/auth-engine.js';
import { CaptchaVerifier } from '../../../captcha/captcha-verifier.js';
import { RateLimiter } from '../../../rate-limit/rate-limiter.js';
import { SessionIssuer } from '../../session-issuer.js';

/**
 * An anonymous user and session (better-auth's anonymous plugin), e.g. for a chat started before signing up.
 * Own transactions: the rate-limit count stays, and better-auth writes on its own pool.
 */
@Injectable()
@UseCase(SignInAnonymously, { public: true, ownTransactions: true })
export class SignInAnonymouslyHandler implements UseCaseHandler<typeof SignInAnonymously> {
  constructor(
    private readonly engine: AuthEngine,
    private readonly sessions: SessionIssuer,
    private readonly limiter: RateLimiter,
    private readonly captcha: CaptchaVerifier,
  ) {}

  async handle({ body, clientIp }: RequestOf<typeof SignInAnonymously>): Promise<SessionGrant> {
    await this.limiter.hit('anonymous', clientIp);
    await this.captcha.verify(body.captchaToken, clientIp);
    const result = await this.engine.auth.api.signInAnonymous({ headers: new Headers({ 'x-forwarded-for': clientIp }) });
    if (!result) throw new Error('better-auth created no anonymous session');
    const familyId = await this.sessions.familyIdOfSessionToken(result.token);
    return this.sessions.start(result.user.id, { familyId });
  }
}
