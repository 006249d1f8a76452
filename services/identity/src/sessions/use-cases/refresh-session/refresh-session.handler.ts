import { Injectable } from '@nestjs/common';
import { RefreshSession, type RequestOf, type SessionGrant } from '@pm/contracts';
import { UseCase, type UseCaseHandler } from '@pm/nest-kit';
import { SessionIssuer } from '../../session-issuer.js';

/**
 * A refresh token for a new access token and its successor (rotation; see SessionIssuer.rotate for reuse). The refresh
 * token is the credential. Own transactions: a replay's revocation of the family must stand although the call fails.
 */
@Injectable()
@UseCase(RefreshSession, { public: true, ownTransactions: true })
export class RefreshSessionHandler implements UseCaseHandler<typeof RefreshSession> {
  constructor(private readonly sessions: SessionIssuer) {}

  handle(request: RequestOf<typeof RefreshSession>): Promise<SessionGrant> {
    return this.sessions.rotate(request.refresh_token);
  }
}
