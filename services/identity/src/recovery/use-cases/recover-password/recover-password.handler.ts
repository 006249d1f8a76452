import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { RecoverPassword, RequestOf, ResponseOf } from '@pm/contracts';
import { Clock } from '../../../clock.js';
import { SessionIssuer } from '../../../sessions/session-issuer.js';
import { OneTimeTokens } from '../../../tokens/one-time-tokens.js';
import { User } from '../../../users/user.entity.js';

/**
 * The link of the reset e-mail (single use, one hour) opens a recovery session: its access token carries
 * `recovery: true`, and the reset-password page sets the new password with it. Opening the link proves the
 * mailbox, so an unverified address counts as verified from here on.
 */
@Injectable()
export class RecoverPasswordHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: OneTimeTokens,
    private readonly sessions: SessionIssuer,
    private readonly clock: Clock,
  ) {}

  async handle({ token }: RequestOf<typeof RecoverPassword>): Promise<ResponseOf<typeof RecoverPassword>> {
    const outcome = await this.em.fork().transactional(async (em) => {
      const result = await this.tokens.consume(em, 'recover_password', token);
      if (result.status !== 'ok') return { outcome: result.status };
      const user = await em.findOne(User, { id: result.token.userId! });
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
