import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { SessionGrant } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { AuthEngine } from '../auth/auth-engine.js';
import { Clock } from '../clock.js';
import { IDENTITY_CONFIG, tableOf, type IdentityConfig } from '../config/identity-env.js';
import { hashToken, newSecretToken } from '../tokens/secret-token.js';
import { User } from '../users/user.entity.js';
import { toUserView } from '../users/user-view.js';
import { RefreshToken } from './refresh-token.entity.js';
import { openSuccessor, sealSuccessor } from './successor-seal.js';

type Kind = RefreshToken['kind'];

/**
 * How long a just-spent refresh token still gets the successor it was exchanged for. Several tabs of one browser
 * share the refresh cookie; a request sent with it while another tab's refresh was in flight (or queued behind the
 * row lock, or a retry after a lost response) is the same browser, not a thief. Ten seconds covers those requests on
 * a slow link; a spent token presented later is a replay and revokes the family.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * Sessions as the platform sees them: a better-auth session row is a refresh-token family; the browser holds one
 * opaque refresh token of it (httpOnly cookie, set by the BFF) and a short-lived access JWT in memory. Refreshing
 * spends the token and hands out the next; presenting a spent token means it was stolen or replayed, so the whole
 * family (the session) is revoked.
 */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly engine: AuthEngine,
    private readonly em: EntityManager,
    private readonly clock: Clock,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** A new family for the user (a sign-in), or the next token of an existing one (`familyId` of a better-auth session). */
  async start(userId: string, options: { kind?: Kind; familyId?: string } = {}): Promise<SessionGrant> {
    let familyId = options.familyId;
    if (!familyId) {
      const session = await (await this.engine.context()).internalAdapter.createSession(userId);
      familyId = session.id;
    }
    const em = this.em.fork();
    const refresh = this.newRefreshToken(em, userId, familyId, options.kind ?? 'standard');
    await em.flush();
    const user = await em.findOneOrFail(User, { id: userId });
    return this.grant(user, familyId, options.kind ?? 'standard', refresh.raw);
  }

  /**
   * Spends the token and hands out the next. Within `REFRESH_REUSE_GRACE_MS` of being spent, the token gets the
   * same successor again (while that successor is unspent and the session alive), so requests sent with it at the
   * same moment all succeed with one shared result; after that, or once the successor has been spent in turn, it
   * is a replay and the family is revoked. The row lock serialises concurrent presentations of one token: the
   * first spends it and records the successor, the others read what it recorded, so a token has one successor.
   */
  async rotate(rawToken: string): Promise<SessionGrant> {
    const outcome = await this.em.fork().transactional(async (em) => {
      const current = await em.findOne(RefreshToken, { tokenHash: hashToken(rawToken) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!current) return { failed: true as const };
      const alive = await em.getConnection().execute<{ id: string }[]>(
        `select "id" from ${tableOf(this.config, 'sessions')} where "id" = ? and "expires_at" > ?`,
        [current.familyId, this.clock.now()],
        'all',
        em.getTransactionContext(),
      );
      if (alive.length === 0) return { failed: true as const };
      const user = await em.findOneOrFail(User, { id: current.userId });
      if (current.usedAt) {
        const again = await this.successorWithinGrace(em, current, rawToken);
        if (again === null) return { failed: true as const, reuseOf: current.familyId };
        return { failed: false as const, user, familyId: current.familyId, kind: current.kind, next: again };
      }
      current.usedAt = this.clock.now();
      const next = this.newRefreshToken(em, current.userId, current.familyId, current.kind);
      current.successorId = next.id;
      current.successorSealed = sealSuccessor(next.raw, rawToken);
      return { failed: false as const, user, familyId: current.familyId, kind: current.kind, next: next.raw };
    });
    if (outcome.failed) {
      if (outcome.reuseOf) await this.revokeFamily(outcome.reuseOf);
      throw RpcFailure.unauthorized('Your session has expired. Please sign in again.');
    }
    return this.grant(outcome.user, outcome.familyId, outcome.kind, outcome.next);
  }

  /** The raw successor a spent token was exchanged for, if it was spent within the grace and its successor is unspent. */
  private async successorWithinGrace(em: EntityManager, spent: RefreshToken, rawToken: string): Promise<string | null> {
    if (!spent.usedAt || !spent.successorId || !spent.successorSealed) return null;
    if (this.clock.now().getTime() - spent.usedAt.getTime() > REFRESH_REUSE_GRACE_MS) return null;
    const successor = await em.findOne(RefreshToken, { id: spent.successorId });
    if (!successor || successor.usedAt) return null;
    return openSuccessor(spent.successorSealed, rawToken);
  }

  async familyIdOfSessionToken(sessionToken: string): Promise<string> {
    const [row] = await this.em.fork().getConnection().execute<{ id: string }[]>(`select "id" from ${tableOf(this.config, 'sessions')} where "token" = ?`, [sessionToken]);
    if (!row) throw new Error('better-auth returned a session token without a session row');
    return row.id;
  }

  /** The family of a refresh token, whatever its state (for sign-out and "keep this session" on password change). */
  async familyOf(rawToken: string | undefined): Promise<RefreshToken | null> {
    if (!rawToken) return null;
    return this.em.fork().findOne(RefreshToken, { tokenHash: hashToken(rawToken) });
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.revokeWhere(`"id" = ?`, [familyId]);
  }

  async revokeAllOf(userId: string, except?: string): Promise<void> {
    await this.revokeWhere(`"user_id" = ? and "id" <> ?`, [userId, except ?? '']);
  }

  /**
   * Sessions whose access tokens verifiers must refuse before they expire: those revoked within one access-token
   * lifetime (plus the verifiers' clock tolerance).
   */
  async recentlyRevoked(): Promise<string[]> {
    const since = new Date(this.clock.now().getTime() - (this.config.ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
    const table = tableOf(this.config, 'revoked_sessions');
    const connection = this.em.fork().getConnection();
    const rows = await connection.execute<{ session_id: string }[]>(`select "session_id" from ${table} where "revoked_at" > ?`, [since]);
    return rows.map((row) => row.session_id);
  }

  /** Deletes the sessions (their refresh tokens cascade) and records them as revoked, in one transaction. */
  private async revokeWhere(condition: string, params: string[]): Promise<void> {
    const now = this.clock.now();
    const revoked = tableOf(this.config, 'revoked_sessions');
    await this.em.fork().transactional(async (em) => {
      const connection = em.getConnection();
      const tx = em.getTransactionContext();
      const ended = await connection.execute<{ id: string; user_id: string }[]>(
        `delete from ${tableOf(this.config, 'sessions')} where ${condition} returning "id", "user_id"`,
        params,
        'all',
        tx,
      );
      for (const row of ended) {
        await connection.execute(
          `insert into ${revoked} ("session_id", "user_id", "revoked_at") values (?, ?, ?) on conflict ("session_id") do update set "revoked_at" = excluded."revoked_at"`,
          [row.id, row.user_id, now],
          'run',
          tx,
        );
      }
      // Past one day no access token of them can be alive; trimming now and then keeps the list short.
      if (ended.length > 0 && Math.random() < 0.05) {
        await connection.execute(`delete from ${revoked} where "revoked_at" < ?`, [new Date(now.getTime() - 86_400_000)], 'run', tx);
      }
    });
  }

  /** Signs an access token for the user now (also used to mint the expired tokens the tests refuse). */
  async accessToken(user: User, claims: { familyId: string; kind: Kind; iat?: number; exp?: number }): Promise<string> {
    const iat = claims.iat ?? Math.floor(this.clock.now().getTime() / 1000);
    const { token } = await this.engine.auth.api.signJWT({
      body: {
        payload: {
          sub: user.id,
          iat,
          exp: claims.exp ?? iat + this.config.ACCESS_TOKEN_TTL_SECONDS,
          is_anonymous: user.isAnonymous,
          ...(user.isAnonymous ? {} : { email: user.email }),
          account_type: user.accountType ?? null,
          sid: claims.familyId,
          ...(claims.kind === 'recovery' ? { recovery: true } : {}),
        },
      },
    });
    return token;
  }

  private newRefreshToken(em: EntityManager, userId: string, familyId: string, kind: Kind): { id: string; raw: string } {
    const raw = newSecretToken();
    const id = uuidv7();
    em.persist(
      em.create(RefreshToken, {
        id,
        familyId,
        userId,
        tokenHash: hashToken(raw),
        kind,
        createdAt: this.clock.now(),
        usedAt: null,
        successorId: null,
        successorSealed: null,
      }),
    );
    return { id, raw };
  }

  private async grant(user: User, familyId: string, kind: Kind, refreshToken: string): Promise<SessionGrant> {
    return {
      access_token: await this.accessToken(user, { familyId, kind }),
      expires_in: this.config.ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: refreshToken,
      refresh_expires_in: this.config.REFRESH_TOKEN_TTL_SECONDS,
      user: toUserView(user),
    };
  }
}
