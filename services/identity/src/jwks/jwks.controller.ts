import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '@pm/nest-kit';
import { AuthEngine } from '../auth/auth-engine.js';
import { SessionIssuer } from '../sessions/session-issuer.js';

/**
 * What every verifier (BFF, services) checks access tokens with: the public keys (old keys stay through their grace
 * period) and the sessions ended before their access tokens expire, which verifiers poll every few seconds.
 */
@Public()
@Controller('.well-known')
export class JwksController {
  constructor(
    private readonly engine: AuthEngine,
    private readonly sessions: SessionIssuer,
  ) {}

  @Get('jwks.json')
  @Header('cache-control', 'public, max-age=300')
  async jwks() {
    return this.engine.auth.api.getJwks();
  }

  @Get('revoked-sessions.json')
  @Header('cache-control', 'no-store')
  async revokedSessions(): Promise<{ sessions: string[] }> {
    return { sessions: await this.sessions.recentlyRevoked() };
  }
}
