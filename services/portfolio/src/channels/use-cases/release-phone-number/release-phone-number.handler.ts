import { Inject, Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/postgresql';
import { LocationPhoneNumberReleased, ReleaseLocationPhoneNumber, type PropertyLocation as PropertyLocationView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import type { PhoneNumberProvider } from '@pm/telephony';
import { PropertyLocation } from '../../../property-locations/property-location.entity.js';
import { toPropertyLocationView } from '../../../property-locations/property-location.view.js';
import { LocationPhoneNumber } from '../../location-phone-number.entity.js';
import { PHONE_NUMBER_PROVIDER } from '../../phone-number-provider.js';
import { releaseNumber } from '../../phone-number-purchase.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

const PROVIDER_FAILED = 'The phone provider could not release the number. It is still assigned; try again later.';

/**
 * DELETE property-location/{id}/phone-number: the location gives its number back. The rows go first, in the use case's
 * transaction with LocationPhoneNumberReleased; the provider is told last, and if it fails the transaction rolls back,
 * so the location keeps a number it still pays for rather than losing one the provider still routes to it.
 */
@Injectable()
@UseCase(ReleaseLocationPhoneNumber)
export class ReleasePhoneNumberHandler implements UseCaseHandler<typeof ReleaseLocationPhoneNumber> {
  constructor(
    private readonly access: PortfolioAccess,
    @Inject(PHONE_NUMBER_PROVIDER) private readonly provider: PhoneNumberProvider,
  ) {}

  async handle({ id }: RequestOf<typeof ReleaseLocationPhoneNumber>, { em, caller, record }: UseCaseContext): Promise<PropertyLocationView> {
    const { location, role } = await this.access.require(em, caller, id, 'location:channels');
    // The row lock makes a release racing a change (or another release) wait, then find what is left.
    const held = await em.findOne(LocationPhoneNumber, { locationId: location.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!held) return toPropertyLocationView(location, role);

    await em.nativeDelete(LocationPhoneNumber, { locationId: location.id });
    await em.nativeUpdate(PropertyLocation, { id: location.id }, { phone: null, updatedAt: new Date() });
    const saved = await em.findOneOrFail(PropertyLocation, { id: location.id }, { refresh: true });
    await record(LocationPhoneNumberReleased, { ...saved.scope(), phoneNumber: held.phoneNumber, provider: held.provider, replacedBy: null });
    await releaseNumber(this.provider, { phoneNumber: held.phoneNumber, providerNumberId: held.providerNumberId }, PROVIDER_FAILED);
    return toPropertyLocationView(saved, role);
  }
}
