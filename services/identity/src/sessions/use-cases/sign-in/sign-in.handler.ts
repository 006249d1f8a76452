import { Injectable } from '@nestjs/common';
import { identityMessages, SignIn, type RequestOf, type SessionGrant } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { APIError } from 'better-auth/api';
import { AuthEngine } from '../../../auth/auth-engine.js';
import { CaptchaVerifier } from '../../../captcha/captcha-verifier.js';
import { RateLimiter } from '../../../rate-limit/rate-limiter.js';
import { AnonymousCaller } from '../../../users/anonymous-caller.js';
import { LinkAnonymousUser } from '../../link-anonymous-user.js';
import { SessionIssuer } from '../../session-issuer.js';

/**
 * Password sign-in through better-auth, which hashes the password even for an unknown address so both failures take
 * the same time; both answer the same 400. An unverified address is told so only after the password matched.
 * Own transactions: a refused attempt still counts against the rate limit, and better-auth writes on its own pool.
 */
@Injectable()
@UseCase(SignIn, { public: true, ownTransactions: true })
export class SignInHandler implements UseCaseHandler<typeof SignIn> {
  constructor(
    private readonly engine: AuthEngine,
    private readonly sessions: SessionIssuer,
    private readonly limiter: RateLimiter,
    private readonly captcha: CaptchaVerifier,
    private readonly linkAnonymous: LinkAnonymousUser,
    private readonly anonymousCaller: AnonymousCaller,
  ) {}

  async handle({ body, clientIp }: RequestOf<typeof SignIn>, context: UseCaseContext): Promise<SessionGrant> {
    const anonymousUserId = await this.anonymousCaller.userId(context.authorization);
    await this.limiter.hit('sign-in', clientIp, body.email);
    await this.captcha.verify(body.captchaToken, clientIp);
    let result: { token: string; user: { id: string } };
    try {
      result = await this.engine.auth.api.signInEmail({ body: { email: body.email, password: body.password }, headers: new Headers({ 'x-forwarded-for': clientIp }) });
    } catch (error) {
      if (error instanceof APIError) {
        const code = (error.body as { code?: string } | undefined)?.code;
        if (code === 'EMAIL_NOT_VERIFIED') throw new RpcFailure(403, identityMessages.emailNotConfirmed, 'email_not_confirmed');
        if (error.statusCode === 401 || code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_EMAIL') {
          throw new RpcFailure(400, identityMessages.invalidLogin, 'invalid_credentials');
        }
      }
      throw error;
    }
    const familyId = await this.sessions.familyIdOfSessionToken(result.token);
    if (anonymousUserId && anonymousUserId !== result.user.id) await this.linkAnonymous.into(anonymousUserId, result.user.id);
    return this.sessions.start(result.user.id, { familyId });
  }
}
