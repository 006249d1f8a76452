import { Inject, Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import {
  ChangeLocationPhoneNumber,
  LocationPhoneNumberAssigned,
  LocationPhoneNumberReleased,
  type PropertyLocation as PropertyLocationView,
  type RequestOf,
} from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import type { PhoneNumberProvider } from '@pm/telephony';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from '../../../config/portfolio-env.js';
import { PropertyLocation } from '../../../property-locations/property-location.entity.js';
import { toPropertyLocationView } from '../../../property-locations/property-location.view.js';
import { LocationPhoneNumber } from '../../location-phone-number.entity.js';
import { PHONE_NUMBER_PROVIDER } from '../../phone-number-provider.js';
import { NO_NUMBER_YET, NUMBER_UNAVAILABLE, purchaseNumber, releaseNumber } from '../../phone-number-purchase.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

const PROVIDER_FAILED = 'The phone provider could not release the old number. Nothing was changed; try again later.';

/**
 * PUT property-location/{id}/phone-number: a new number for the location, in the order that never leaves it without
 * one: buy the new number, give it to the location (rows and both events in the use case's transaction), then release
 * the old one. If anything fails after the purchase, the new number is given back and the transaction rolls back, so
 * the location keeps its old number.
 */
@Injectable()
@UseCase(ChangeLocationPhoneNumber)
export class ChangePhoneNumberHandler implements UseCaseHandler<typeof ChangeLocationPhoneNumber> {
  constructor(
    private readonly access: PortfolioAccess,
    @Inject(PHONE_NUMBER_PROVIDER) private readonly provider: PhoneNumberProvider,
    @Inject(PORTFOLIO_CONFIG) private readonly config: PortfolioConfig,
  ) {}

  async handle(input: RequestOf<typeof ChangeLocationPhoneNumber>, { em, caller, record }: UseCaseContext): Promise<PropertyLocationView> {
    const { location, role } = await this.access.require(em, caller, input.id, 'location:channels');
    // The contract has checked it: +1 and ten digits, trimmed.
    const { phoneNumber } = input;
    // Locked: a second change or a release of the same location waits for this one, then sees its result.
    const held = await em.findOne(LocationPhoneNumber, { locationId: location.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!held) throw RpcFailure.conflict(NO_NUMBER_YET);
    // Already the location's number: a retry of a change that went through.
    if (held.phoneNumber === phoneNumber) return toPropertyLocationView(location, role);
    if (await em.count(LocationPhoneNumber, { phoneNumber })) throw RpcFailure.conflict(NUMBER_UNAVAILABLE);

    const old = { phoneNumber: held.phoneNumber, providerNumberId: held.providerNumberId };
    const oldProvider = held.provider;
    const purchased = await purchaseNumber(this.provider, this.config, phoneNumber, location.name);
    try {
      // A savepoint, so a lost race for the new number is told apart from other failures; native writes leave the
      // identity map alone, so nothing of a rolled-back attempt is flushed later.
      await em.transactional(async (tx) => {
        const now = new Date();
        await tx.nativeUpdate(
          LocationPhoneNumber,
          { locationId: location.id },
          { phoneNumber: purchased.phoneNumber, provider: this.provider.name, providerNumberId: purchased.providerNumberId, assignedAt: now },
        );
        await tx.nativeUpdate(PropertyLocation, { id: location.id }, { phone: purchased.phoneNumber, updatedAt: now });
      });
      const saved = await em.findOneOrFail(PropertyLocation, { id: location.id }, { refresh: true });
      await record(LocationPhoneNumberAssigned, { ...saved.scope(), phoneNumber: purchased.phoneNumber, provider: this.provider.name });
      await record(LocationPhoneNumberReleased, { ...saved.scope(), phoneNumber: old.phoneNumber, provider: oldProvider, replacedBy: purchased.phoneNumber });
      await releaseNumber(this.provider, old, PROVIDER_FAILED);
      return toPropertyLocationView(saved, role);
    } catch (error) {
      await this.provider.release(purchased).catch(() => undefined);
      if (error instanceof UniqueConstraintViolationException) throw RpcFailure.conflict(NUMBER_UNAVAILABLE);
      throw error;
    }
  }
}
