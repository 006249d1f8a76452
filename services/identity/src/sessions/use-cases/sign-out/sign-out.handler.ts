import { Injectable } from '@nestjs/common';
import { SignOut, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseHandler } from '@pm/nest-kit';
import { SessionIssuer } from '../../session-issuer.js';

/** Ends the refresh token's whole family (every token rotated from the same sign-in). The refresh token is the credential. */
@Injectable()
@UseCase(SignOut, { public: true, ownTransactions: true })
export class SignOutHandler implements UseCaseHandler<typeof SignOut> {
  constructor(private readonly sessions: SessionIssuer) {}

  async handle(request: RequestOf<typeof SignOut>): Promise<{ ok: true }> {
    const token = await this.sessions.familyOf(request.refresh_token);
    if (token) await this.sessions.revokeFamily(token.familyId);
    return { ok: true as const };
  }
}
