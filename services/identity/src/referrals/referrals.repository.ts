import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Referral as ReferralView } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { Referral } from './referral.entity.js';

export const toReferralView = (r: Referral): ReferralView => ({ id: r.id, referral_url: r.referralUrl ?? null, is_redirected: r.isRedirected });

/** A user's referrals (spec 4.3): each belongs to the user who submitted it, and only they read or complete it. */
@Injectable()
export class ReferralsRepository {
  /** A new referral, persisted with the caller's flush. */
  create(
    em: EntityManager,
    referral: { userId: string; referralType: string | null; referralRef: string | null; referralUrl: string | null; referralMetadata: Record<string, unknown> | null; now: Date },
  ): Referral {
    const { now, ...fields } = referral;
    const created = em.create(Referral, { id: uuidv7(), ...fields, isRedirected: false, createdAt: now });
    em.persist(created);
    return created;
  }

  /** The user's latest referral. */
  latestOf(em: EntityManager, userId: string): Promise<Referral | null> {
    return em.findOne(Referral, { userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  /** Marks the user's open referrals as followed. */
  async markRedirected(em: EntityManager, userId: string): Promise<void> {
    await em.nativeUpdate(Referral, { userId, isRedirected: false }, { isRedirected: true });
  }
}
