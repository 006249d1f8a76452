import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { Clock } from '../clock.js';
import { OneTimeToken, type OneTimeTokenPurpose } from './one-time-token.entity.js';
import { hashToken, newSecretToken } from './secret-token.js';

export type ConsumeResult =
  | { status: 'ok'; token: OneTimeToken }
  | { status: 'expired' | 'used' | 'invalid' };

@Injectable()
export class OneTimeTokens {
  constructor(private readonly clock: Clock) {}

  /** Persists through the caller's EntityManager (flushed with the caller's change); returns the raw token. */
  issue(em: EntityManager, purpose: OneTimeTokenPurpose, options: { userId: string | null; ttlSeconds: number; data?: Record<string, unknown> }): string {
    const raw = newSecretToken();
    const now = this.clock.now();
    em.persist(
      em.create(OneTimeToken, {
        id: uuidv7(),
        purpose,
        tokenHash: hashToken(raw),
        userId: options.userId,
        data: options.data ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + options.ttlSeconds * 1000),
        usedAt: null,
      }),
    );
    return raw;
  }

  /**
   * Spends a token exactly once: the row is locked, so two clicks on the same link racing each other cannot both
   * succeed. Runs in the caller's transaction.
   */
  async consume(em: EntityManager, purpose: OneTimeTokenPurpose, raw: string): Promise<ConsumeResult> {
    if (!raw) return { status: 'invalid' };
    const token = await em.findOne(OneTimeToken, { tokenHash: hashToken(raw), purpose }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!token) return { status: 'invalid' };
    if (token.usedAt) return { status: 'used' };
    const now = this.clock.now();
    if (token.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
    token.usedAt = now;
    return { status: 'ok', token };
  }

  /** A newer link replaces the older ones of the same purpose (resend, a second reset request). */
  async retireOutstanding(em: EntityManager, purpose: OneTimeTokenPurpose, userId: string): Promise<void> {
    await em.nativeUpdate(OneTimeToken, { purpose, userId, usedAt: null }, { expiresAt: this.clock.now() });
  }
}
