import { Injectable } from '@nestjs/common';
import { identityMessages, SignUp, UserRegistered, type RequestOf } from '@pm/contracts';
import { recordEvent, RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { AuthEngine } from '../../../auth/auth-engine.js';
import { CaptchaVerifier } from '../../../captcha/captcha-verifier.js';
import { Clock } from '../../../clock.js';
import { IdentityMails } from '../../../mail/identity-mails.js';
import { RateLimiter } from '../../../rate-limit/rate-limiter.js';
import { SessionIssuer } from '../../../sessions/session-issuer.js';
import { OneTimeTokens } from '../../../tokens/one-time-tokens.js';
import { AnonymousCaller } from '../../anonymous-caller.js';
import { UsersRepository } from '../../users.repository.js';

export const VERIFY_EMAIL_TTL_SECONDS = 24 * 3600;
const DEFAULT_CAMPAIGN = 'property_owner';

/**
 * E-mail sign-up. The user, its password credential, the verification token and UserRegistered are written in one
 * transaction; the e-mail goes out after the commit. With an anonymous caller, that user becomes the account (same
 * id, so what it created stays its own) and its anonymous sessions end: the person signs in after verifying.
 * Own transactions: the rate-limit count stays when the sign-up is refused, and the mail follows the commit.
 */
@Injectable()
@UseCase(SignUp, { public: true, ownTransactions: true })
export class SignUpHandler implements UseCaseHandler<typeof SignUp> {
  constructor(
    private readonly users: UsersRepository,
    private readonly engine: AuthEngine,
    private readonly tokens: OneTimeTokens,
    private readonly mails: IdentityMails,
    private readonly limiter: RateLimiter,
    private readonly captcha: CaptchaVerifier,
    private readonly sessions: SessionIssuer,
    private readonly anonymousCaller: AnonymousCaller,
    private readonly clock: Clock,
  ) {}

  async handle({ body, clientIp }: RequestOf<typeof SignUp>, context: UseCaseContext): Promise<{ email: string }> {
    const anonymousUserId = await this.anonymousCaller.userId(context.authorization);
    await this.limiter.hit('sign-up', clientIp, body.email);
    await this.captcha.verify(body.captchaToken, clientIp);
    const passwordHash = await this.engine.hashPassword(body.password);
    const campaign = body.campaign ?? DEFAULT_CAMPAIGN;
    const now = this.clock.now();

    const { user, token, upgraded } = await context.em.transactional(async (em) => {
      if (await this.users.emailTaken(em, body.email)) throw RpcFailure.conflict(identityMessages.alreadyRegistered);
      const anonymous = anonymousUserId ? await this.users.findAnonymous(em, anonymousUserId) : null;
      const user =
        anonymous ??
        this.users.create(em, {
          name: body.full_name,
          email: body.email,
          emailVerified: false,
          accountType: body.account_type ?? null,
          campaign,
          hasAcceptedTerms: true,
          referralMetadata: body.referral_metadata ?? null,
          now,
        });
      Object.assign(user, {
        name: body.full_name,
        email: body.email,
        emailVerified: false,
        isAnonymous: false,
        campaign: user.campaign ?? campaign,
        // A resident signing up from their invitation is one from the start: no manager onboarding.
        ...(body.account_type ? { accountType: body.account_type } : {}),
        hasAcceptedTerms: true,
        referralMetadata: body.referral_metadata ?? null,
        updatedAt: now,
      });
      em.persist(user);
      this.users.addPassword(em, user.id, passwordHash, now);
      const token = this.tokens.issue(em, 'verify_email', { userId: user.id, ttlSeconds: VERIFY_EMAIL_TTL_SECONDS });
      recordEvent(em, UserRegistered, {
        userId: user.id,
        email: user.email,
        fullName: user.name,
        accountType: user.accountType ?? null,
        campaign: user.campaign ?? null,
        upgradedFromAnonymous: Boolean(anonymous),
        method: 'password',
      });
      return { user, token, upgraded: Boolean(anonymous) };
    });
    if (upgraded) await this.sessions.revokeAllOf(user.id);
    await this.mails.sendVerification(user.email, user.name, token);
    return { email: user.email };
  }
}
