import { Inject, Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { AssignLocationPhoneNumber, LocationPhoneNumberAssigned, type PropertyLocation as PropertyLocationView, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import type { PhoneNumberProvider } from '@pm/telephony';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from '../../../config/portfolio-env.js';
import { PropertyLocation } from '../../../property-locations/property-location.entity.js';
import { toPropertyLocationView } from '../../../property-locations/property-location.view.js';
import { LocationPhoneNumber } from '../../location-phone-number.entity.js';
import { PHONE_NUMBER_PROVIDER } from '../../phone-number-provider.js';
import { ALREADY_HAS_NUMBER, NUMBER_UNAVAILABLE, purchaseNumber } from '../../phone-number-purchase.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/**
 * POST property-location/{id}/phone-number: buys the number from the provider, then stores it for the location
 * (location_phone_number and location.phone) with LocationPhoneNumberAssigned. Unique indexes on both settle two
 * purchases racing for one number or one location; the Idempotency-Key (contract: idempotent) answers a retry with
 * the first answer, so a lost answer never buys a second number.
 */
@Injectable()
@UseCase(AssignLocationPhoneNumber)
export class AssignPhoneNumberHandler implements UseCaseHandler<typeof AssignLocationPhoneNumber> {
  constructor(
    private readonly access: PortfolioAccess,
    @Inject(PHONE_NUMBER_PROVIDER) private readonly provider: PhoneNumberProvider,
    @Inject(PORTFOLIO_CONFIG) private readonly config: PortfolioConfig,
  ) {}

  async handle(input: RequestOf<typeof AssignLocationPhoneNumber>, { em, caller, record }: UseCaseContext): Promise<PropertyLocationView> {
    const { location, role } = await this.access.require(em, caller, input.id, 'location:channels');
    // The contract has checked it: +1 and ten digits, trimmed.
    const { phoneNumber } = input;
    if (location.phone || (await em.count(LocationPhoneNumber, { locationId: location.id }))) throw RpcFailure.conflict(ALREADY_HAS_NUMBER);
    if (await em.count(LocationPhoneNumber, { phoneNumber })) throw RpcFailure.conflict(NUMBER_UNAVAILABLE);

    const purchased = await purchaseNumber(this.provider, this.config, phoneNumber, location.name);

    try {
      // A savepoint, so that after a lost race the transaction can still tell which unique index settled it. Native
      // writes leave the identity map alone: nothing of a rolled-back attempt is flushed later.
      await em.transactional(async (tx) => {
        const now = new Date();
        const claimed = await tx.nativeUpdate(PropertyLocation, { id: location.id, phone: null }, { phone: purchased.phoneNumber, updatedAt: now });
        if (!claimed) throw RpcFailure.conflict(ALREADY_HAS_NUMBER);
        await tx.insert(LocationPhoneNumber, {
          locationId: location.id,
          accountId: location.accountId,
          phoneNumber: purchased.phoneNumber,
          provider: this.provider.name,
          providerNumberId: purchased.providerNumberId,
          assignedAt: now,
        });
      });
    } catch (error) {
      // Whatever failed, the location did not get the number just bought: give it back rather than pay for it.
      await this.provider.release(purchased).catch(() => undefined);
      if (error instanceof UniqueConstraintViolationException) {
        const ownNumber = await em.count(LocationPhoneNumber, { locationId: location.id });
        throw RpcFailure.conflict(ownNumber ? ALREADY_HAS_NUMBER : NUMBER_UNAVAILABLE);
      }
      throw error;
    }
    const saved = await em.findOneOrFail(PropertyLocation, { id: location.id }, { refresh: true });
    await record(LocationPhoneNumberAssigned, { ...saved.scope(), phoneNumber: purchased.phoneNumber, provider: this.provider.name });
    return toPropertyLocationView(saved, role);
  }
}
