import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { RequestOf, VerificationOutcome, VerifyEmail } from '@pm/contracts';
import { Clock } from '../../../clock.js';
import { OneTimeTokens } from '../../../tokens/one-time-tokens.js';
import { User } from '../../user.entity.js';

/** The link of the verification e-mail: works once, within 24 hours. */
@Injectable()
export class VerifyEmailHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: OneTimeTokens,
    private readonly clock: Clock,
  ) {}

  async handle({ token }: RequestOf<typeof VerifyEmail>): Promise<{ outcome: VerificationOutcome }> {
    const outcome = await this.em.fork().transactional(async (em) => {
      const result = await this.tokens.consume(em, 'verify_email', token);
      if (result.status !== 'ok') return result.status;
      const user = await em.findOne(User, { id: result.token.userId! });
      if (!user) return 'invalid';
      user.emailVerified = true;
      user.updatedAt = this.clock.now();
      return 'verified';
    });
    return { outcome };
  }
}
