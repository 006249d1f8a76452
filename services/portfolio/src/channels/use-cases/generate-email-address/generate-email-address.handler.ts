import { Inject, Injectable } from '@nestjs/common';
import { LockMode, sql, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { LocationEmailAddressGenerated, type PropertyLocation as PropertyLocationView } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from '../../../config/portfolio-env.js';
import { PropertyLocation } from '../../../property-locations/property-location.entity.js';
import { toPropertyLocationView } from '../../../property-locations/property-location.view.js';
import { addressParts, emailCandidates } from '../../location-address.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** Far more than any street has namesakes; reaching it means something else is wrong. */
const MAX_ATTEMPTS = 1000;

/**
 * POST property-location/{id}/email-address: the location's address at MAIL_DOMAIN, the first free candidate
 * (street part, + state, + city, numbered). Two locations racing for the same candidate are settled by the unique
 * index property_location_email_uq: the loser takes the next one. An address already set is kept.
 */
@Injectable()
export class GenerateEmailAddressHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    @Inject(PORTFOLIO_CONFIG) private readonly config: PortfolioConfig,
  ) {}

  async execute(principal: Principal, id: string): Promise<PropertyLocationView> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const { location, role } = await this.access.require(em, caller, id, 'location:channels');
    if (location.email) return toPropertyLocationView(location, role);

    const parts = addressParts(location.addressText, location.metadata?.state ?? null);
    let attempts = 0;
    for (const candidate of emailCandidates(parts, this.config.MAIL_DOMAIN)) {
      if (++attempts > MAX_ATTEMPTS) break;
      if (await em.fork().count(PropertyLocation, { [sql.lower('email')]: candidate })) continue;
      try {
        const saved = await this.em.fork().transactional(async (tx) => {
          const row = await tx.findOneOrFail(PropertyLocation, { id: location.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
          if (row.email) return row;
          row.email = candidate;
          row.updatedAt = new Date();
          recordEvent(tx, LocationEmailAddressGenerated, { ...row.scope(), email: candidate });
          await tx.flush();
          return row;
        });
        return toPropertyLocationView(saved, role);
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException) continue;
        throw error;
      }
    }
    throw new Error(`No free e-mail address for location ${location.id} after ${MAX_ATTEMPTS} candidates`);
  }
}
