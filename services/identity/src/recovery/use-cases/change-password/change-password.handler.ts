import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ChangePassword, identityMessages, MIN_PASSWORD_LENGTH, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { AuthEngine } from '../../../auth/auth-engine.js';
import { Clock } from '../../../clock.js';
import { RateLimiter } from '../../../rate-limit/rate-limiter.js';
import { SessionIssuer } from '../../../sessions/session-issuer.js';
import { UsersRepository } from '../../../users/users.repository.js';

/**
 * A new password, from the account page or the reset-password page (a recovery session). The two pages word the
 * empty-field messages differently (spec 5); the rest is the same: hash, store, end every other session. A recovery
 * session is spent by its use. Outside recovery the current password must match, and wrong guesses count against
 * the caller's rate limit; an account with none yet (Google sign-in only) gains its first through recovery, so a
 * stolen access token alone can never add a way in. Own transactions: a wrong guess counts although the call fails,
 * and the other sessions end once the new password is committed.
 */
@Injectable()
@UseCase(ChangePassword, { ownTransactions: true })
export class ChangePasswordHandler implements UseCaseHandler<typeof ChangePassword> {
  constructor(
    private readonly users: UsersRepository,
    private readonly engine: AuthEngine,
    private readonly sessions: SessionIssuer,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  async handle(request: RequestOf<typeof ChangePassword>, { em, principal }: UseCaseContext): Promise<{ ok: true }> {
    if (principal.isAnonymous) throw RpcFailure.forbidden();
    const recovery = principal.claims['recovery'] === true;
    const { password, confirm_password: confirm } = request;
    if (!password) throw RpcFailure.badRequest(recovery ? 'Password is required' : identityMessages.accountPasswordTooShort);
    if (password.length < MIN_PASSWORD_LENGTH) throw RpcFailure.badRequest(identityMessages.accountPasswordTooShort);
    if (!confirm) throw RpcFailure.badRequest(recovery ? identityMessages.resetConfirmRequired : identityMessages.passwordsDoNotMatch);
    if (password !== confirm) throw RpcFailure.badRequest(identityMessages.passwordsDoNotMatch);

    if (!recovery) await this.checkCurrentPassword(em, principal.userId, request.current_password);

    const hash = await this.engine.hashPassword(password);
    const now = this.clock.now();
    await em.transactional(async (tx) => {
      const credential = await this.users.passwordCredentialOf(tx, principal.userId);
      if (credential) {
        credential.password = hash;
        credential.updatedAt = now;
      } else {
        // A Google-only account gains a password (through a recovery session).
        this.users.addPassword(tx, principal.userId, hash, now);
      }
    });
    const sid = typeof principal.claims['sid'] === 'string' ? principal.claims['sid'] : undefined;
    const own = (await this.sessions.familyOf(request.refresh_token))?.familyId ?? sid;
    await this.sessions.revokeAllOf(principal.userId, recovery ? undefined : own);
    return { ok: true };
  }

  private async checkCurrentPassword(em: EntityManager, userId: string, currentPassword: string | undefined): Promise<void> {
    const credential = await this.users.passwordCredentialOf(em.fork(), userId);
    if (!credential?.password) throw RpcFailure.badRequest(identityMessages.noPasswordYet);
    if (!currentPassword) throw RpcFailure.badRequest(identityMessages.currentPasswordRequired);
    const matches = await (await this.engine.context()).password.verify({ hash: credential.password, password: currentPassword });
    if (matches) return;
    // Keyed by user, not address: whoever holds the token may call from anywhere.
    await this.limiter.hit('change-password', `user:${userId}`);
    throw RpcFailure.badRequest(identityMessages.currentPasswordIncorrect);
  }
}
