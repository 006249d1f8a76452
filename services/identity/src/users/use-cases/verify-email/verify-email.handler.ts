import { Injectable } from '@nestjs/common';
import { VerifyEmail, type RequestOf, type VerificationOutcome } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Clock } from '../../../clock.js';
import { OneTimeTokens } from '../../../tokens/one-time-tokens.js';
import { UsersRepository } from '../../users.repository.js';

/** The link of the verification e-mail: works once, within 24 hours. The link's token is the credential. */
@Injectable()
@UseCase(VerifyEmail, { public: true })
export class VerifyEmailHandler implements UseCaseHandler<typeof VerifyEmail> {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: OneTimeTokens,
    private readonly clock: Clock,
  ) {}

  async handle({ token }: RequestOf<typeof VerifyEmail>, { em }: UseCaseContext): Promise<{ outcome: VerificationOutcome }> {
    const result = await this.tokens.consume(em, 'verify_email', token);
    if (result.status !== 'ok') return { outcome: result.status };
    const user = await this.users.find(em, result.token.userId!);
    if (!user) return { outcome: 'invalid' };
    user.emailVerified = true;
    user.updatedAt = this.clock.now();
    return { outcome: 'verified' };
  }
}
