import { Module, type DynamicModule, type OnModuleDestroy, Inject } from '@nestjs/common';
import { createMailSender, MAIL_SENDER, type MailSender } from '@pm/mail';
import { AuthEngine } from './auth/auth-engine.js';
import { CaptchaVerifier } from './captcha/captcha-verifier.js';
import { Clock } from './clock.js';
import { IDENTITY_CONFIG, type IdentityConfig } from './config/identity-env.js';
import { JwksController } from './jwks/jwks.controller.js';
import { IdentityMails } from './mail/identity-mails.js';
import { GoogleRpc } from './oauth/google.rpc.js';
import { SignInWithGoogleHandler } from './oauth/use-cases/sign-in-with-google/sign-in-with-google.handler.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { RecoveryRpc } from './recovery/recovery.rpc.js';
import { ChangePasswordHandler } from './recovery/use-cases/change-password/change-password.handler.js';
import { RecoverPasswordHandler } from './recovery/use-cases/recover-password/recover-password.handler.js';
import { RequestPasswordResetHandler } from './recovery/use-cases/request-password-reset/request-password-reset.handler.js';
import { ReferralsRpc } from './referrals/referrals.rpc.js';
import { ManageReferralHandler } from './referrals/use-cases/manage-referral/manage-referral.handler.js';
import { ServiceTokensRpc } from './service-tokens/service-tokens.rpc.js';
import { IssueServiceTokenHandler } from './service-tokens/use-cases/issue-service-token/issue-service-token.handler.js';
import { SessionIssuer } from './sessions/session-issuer.js';
import { SessionsRpc } from './sessions/sessions.rpc.js';
import { LinkAnonymousUser } from './sessions/use-cases/link-anonymous-user/link-anonymous-user.js';
import { SignInAnonymouslyHandler } from './sessions/use-cases/sign-in-anonymously/sign-in-anonymously.handler.js';
import { SignInHandler } from './sessions/use-cases/sign-in/sign-in.handler.js';
import { OneTimeTokens } from './tokens/one-time-tokens.js';
import { AnonymousCaller } from './users/anonymous-caller.js';
import { RecordResidentLoginHandler } from './users/use-cases/record-resident-login/record-resident-login.handler.js';
import { ResendVerificationHandler } from './users/use-cases/resend-verification/resend-verification.handler.js';
import { SetAccountTypeHandler } from './users/use-cases/set-account-type/set-account-type.handler.js';
import { SignUpHandler } from './users/use-cases/sign-up/sign-up.handler.js';
import { UpdateAccountHandler } from './users/use-cases/update-account/update-account.handler.js';
import { UsersRpc } from './users/users.rpc.js';
import { VerifyEmailHandler } from './users/use-cases/verify-email/verify-email.handler.js';

export type { IdentityConfig };

/** Everything of identity: users, sessions, recovery, Google, referrals, and the JWKS endpoint. */
@Module({})
export class IdentityModule implements OnModuleDestroy {
  constructor(@Inject(MAIL_SENDER) private readonly mail: MailSender) {}

  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityModule,
      controllers: [UsersRpc, SessionsRpc, RecoveryRpc, GoogleRpc, ReferralsRpc, ServiceTokensRpc, JwksController],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: MAIL_SENDER, useFactory: () => createMailSender({ url: config.SMTP_URL, from: config.MAIL_FROM }) },
        Clock,
        AuthEngine,
        OneTimeTokens,
        RateLimiter,
        CaptchaVerifier,
        IdentityMails,
        SessionIssuer,
        AnonymousCaller,
        LinkAnonymousUser,
        SignUpHandler,
        ResendVerificationHandler,
        VerifyEmailHandler,
        UpdateAccountHandler,
        SetAccountTypeHandler,
        RecordResidentLoginHandler,
        SignInHandler,
        SignInAnonymouslyHandler,
        RequestPasswordResetHandler,
        RecoverPasswordHandler,
        ChangePasswordHandler,
        SignInWithGoogleHandler,
        ManageReferralHandler,
        IssueServiceTokenHandler,
      ],
      exports: [Clock, SessionIssuer, AuthEngine],
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.mail.close();
  }
}
