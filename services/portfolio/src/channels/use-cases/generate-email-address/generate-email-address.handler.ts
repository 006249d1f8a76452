import { Inject, Injectable } from '@nestjs/common';
import { sql, UniqueConstraintViolationException } from '@mikro-orm/core';
import { GenerateLocationEmailAddress, LocationEmailAddressGenerated, type PropertyLocation as PropertyLocationView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
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
@UseCase(GenerateLocationEmailAddress)
export class GenerateEmailAddressHandler implements UseCaseHandler<typeof GenerateLocationEmailAddress> {
  constructor(
    private readonly access: PortfolioAccess,
    @Inject(PORTFOLIO_CONFIG) private readonly config: PortfolioConfig,
  ) {}

  async handle({ id }: RequestOf<typeof GenerateLocationEmailAddress>, { em, caller, record }: UseCaseContext): Promise<PropertyLocationView> {
    const { location, role } = await this.access.require(em, caller, id, 'location:channels');
    if (location.email) return toPropertyLocationView(location, role);

    const parts = addressParts(location.addressText, location.metadata?.state ?? null);
    let attempts = 0;
    for (const candidate of emailCandidates(parts, this.config.MAIL_DOMAIN)) {
      if (++attempts > MAX_ATTEMPTS) break;
      if (await em.count(PropertyLocation, { [sql.lower('email')]: candidate })) continue;
      try {
        // A savepoint: the loser of a race for this candidate rolls back to it and tries the next one. A native update
        // leaves the identity map alone, so a rolled-back candidate is never flushed with the use case's transaction.
        const claimed = await em.transactional((tx) =>
          tx.nativeUpdate(PropertyLocation, { id: location.id, email: null }, { email: candidate, updatedAt: new Date() }),
        );
        const saved = await em.findOneOrFail(PropertyLocation, { id: location.id }, { refresh: true });
        // No row claimed: another request gave the location its address first, which is kept.
        if (claimed) await record(LocationEmailAddressGenerated, { ...saved.scope(), email: candidate });
        return toPropertyLocationView(saved, role);
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException) continue;
        throw error;
      }
    }
    throw new Error(`No free e-mail address for location ${location.id} after ${MAX_ATTEMPTS} candidates`);
  }
}
