import { Injectable } from '@nestjs/common';
import { identityMessages, type RequestOf, type SessionGrant, type SignIn } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { APIError } from 'better-auth/api';
import { AuthEngine } from '../../../auth/auth-engine.js';
import { CaptchaVerifier } from '../../../captcha/captcha-verifier.js';
import { RateLimiter } from '../../../rate-limit/rate-limiter.js';
import { LinkAnonymousUser } from '../link-anonymous-user/link-anonymous-user.js';
import { SessionIssuer } from '../../session-issuer.js';

/**
 * Password sign-in through better-auth, which hashes the password even for an unknown address so both failures take
 * the same time; both answer the same 400. An unverified address is told so only after the password matched.
 */
@Injectable()
export class SignInHandler {
  constructor(
    private readonly engine: AuthEngine,
    private readonly sessions: SessionIssuer,
    private readonly limiter: RateLimiter,
    private readonly captcha: CaptchaVerifier,
    private readonly linkAnonymous: LinkAnonymousUser,
  ) {}

  async handle({ body, clientIp }: RequestOf<typeof SignIn>, anonymousUserId: string | undefined): Promise<SessionGrant> {
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
