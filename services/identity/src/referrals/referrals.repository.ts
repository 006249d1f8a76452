import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CreateReferral, Referral as ReferralView, RequestOf } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { Clock } from '../../../clock.js';
import { Referral } from '../../referral.entity.js';

const view = (r: Referral): ReferralView => ({ id: r.id, referral_url: r.referralUrl ?? null, is_redirected: r.isRedirected });

/** The caller's referral (spec 4.3): submitted after sign-in, read back, marked redirected once followed. */
@Injectable()
export class ManageReferralHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async create(request: RequestOf<typeof CreateReferral>, principal: Principal): Promise<ReferralView> {
    const em = this.em.fork();
    const referral = em.create(Referral, {
      id: uuidv7(),
      userId: principal.userId,
      referralType: request.referralType ?? null,
      referralRef: request.referralId ?? null,
      referralUrl: request.referralUrl ?? null,
      referralMetadata: request.referralMetadata ?? null,
      isRedirected: false,
      createdAt: this.clock.now(),
    });
    await em.persist(referral).flush();
    return view(referral);
  }

  /** The latest referral of the caller only. */
  async latest(principal: Principal): Promise<ReferralView | null> {
    const referral = await this.em.fork().findOne(Referral, { userId: principal.userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return referral ? view(referral) : null;
  }

  async complete(principal: Principal): Promise<{ ok: true }> {
    await this.em.fork().nativeUpdate(Referral, { userId: principal.userId, isRedirected: false }, { isRedirected: true });
    return { ok: true };
  }
}
