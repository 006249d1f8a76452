import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { IssueServiceToken, SERVICE_TOKEN_USE, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { AuthEngine } from '../../../auth/auth-engine.js';
import { Clock } from '../../../clock.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../../config/identity-env.js';
import { serviceClientNamed } from '../../service-clients.js';

/** Compared against when the client is unknown, so an unknown client costs what a wrong secret costs. */
const UNKNOWN_CLIENT_SECRET = randomBytes(32).toString('hex');

/**
 * Client credentials → a short-lived service token for one audience. The secret check runs in constant time and
 * runs even for an unknown client; every credential failure answers the same bare 401. The credentials are in the
 * request, so no bearer is asked for; no database work, so no transaction either.
 */
@Injectable()
@UseCase(IssueServiceToken, { public: true, ownTransactions: true })
export class IssueServiceTokenHandler implements UseCaseHandler<typeof IssueServiceToken> {
  constructor(
    private readonly engine: AuthEngine,
    private readonly clock: Clock,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async handle(request: RequestOf<typeof IssueServiceToken>): Promise<ResponseOf<typeof IssueServiceToken>> {
    const client = serviceClientNamed(request.client_id);
    const expected = client ? this.config[client.secretVariable] : undefined;
    const secretMatches = sameSecret(request.client_secret, expected ?? UNKNOWN_CLIENT_SECRET);
    if (!client || !expected || !secretMatches) throw RpcFailure.unauthorized();
    if (!client.audiences.includes(request.audience)) throw RpcFailure.forbidden('This client may not call that service');
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const ttl = this.config.SERVICE_TOKEN_TTL_SECONDS;
    const { token } = await this.engine.auth.api.signJWT({
      body: {
        payload: { sub: request.client_id, aud: request.audience, token_use: SERVICE_TOKEN_USE, iat, exp: iat + ttl, jti: uuidv7() },
      },
    });
    return { access_token: token, token_type: 'Bearer', expires_in: ttl };
  }
}

/** Hashing first gives equal-length inputs, so the comparison's time says nothing about the secret's length either. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
