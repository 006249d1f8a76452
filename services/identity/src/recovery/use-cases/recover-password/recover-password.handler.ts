import { Injectable } from '@nestjs/common';
import { RecoverPassword, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Clock } from '../../../clock.js';
import { SessionIssuer } from '../../../sessions/session-issuer.js';
import { OneTimeTokens } from '../../../tokens/one-time-tokens.js';
import { UsersRepository } from '../../../users/users.repository.js';

/**
 * The link of the reset e-mail (single use, one hour) opens a recovery session: its access token carries
 * `recovery: true`, and the reset-password page sets the new password with it. Opening the link proves the
 * mailbox, so an unverified address counts as verified from here on. The link's token is the credential. Own
 * transactions: the session starts once the token is spent and committed.
 */
@Injectable()
@UseCase(RecoverPassword, { public: true, ownTransactions: true })
export class RecoverPasswordHandler implements UseCaseHandler<typeof RecoverPassword> {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: OneTimeTokens,
    private readonly sessions: SessionIssuer,
    private readonly clock: Clock,
  ) {}

  async handle({ token }: RequestOf<typeof RecoverPassword>, context: UseCaseContext): Promise<ResponseOf<typeof RecoverPassword>> {
    const outcome = await context.em.transactional(async (em) => {
      const result = await this.tokens.consume(em, 'recover_password', token);
      if (result.status !== 'ok') return { outcome: result.status };
      const user = await this.users.find(em, result.token.userId!);
      if (!user) return { outcome: 'invalid' as const };
      if (!user.emailVerified) {
        user.emailVerified = true;
        user.updatedAt = this.clock.now();
      }
      return { outcome: 'recovered' as const, userId: user.id };
    });
    if (outcome.outcome !== 'recovered') return { outcome: outcome.outcome };
    return { outcome: 'recovered', session: await this.sessions.start(outcome.userId, { kind: 'recovery' }) };
  }
}
