import { Inject, Injectable } from '@nestjs/common';
import { SearchLocationPhoneNumbers, type PhoneNumberSearchResult, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import type { PhoneNumberProvider } from '@pm/telephony';
import { defaultAreaCode } from '../../location-address.js';
import { PHONE_NUMBER_PROVIDER } from '../../phone-number-provider.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 50;

/**
 * GET property-location/{id}/search-phone-number: numbers the provider offers, in the location's own area code
 * unless another is asked for. The answer names the area code searched, so the picker can show it.
 */
@Injectable()
@UseCase(SearchLocationPhoneNumbers)
export class SearchPhoneNumbersHandler implements UseCaseHandler<typeof SearchLocationPhoneNumbers> {
  constructor(
    private readonly access: PortfolioAccess,
    @Inject(PHONE_NUMBER_PROVIDER) private readonly provider: PhoneNumberProvider,
  ) {}

  async handle(input: RequestOf<typeof SearchLocationPhoneNumbers>, { em, caller }: UseCaseContext): Promise<PhoneNumberSearchResult> {
    const { location } = await this.access.require(em, caller, input.id, 'location:channels');
    const asked = input.areaCode?.trim();
    if (asked && !/^[2-9]\d{2}$/.test(asked)) throw RpcFailure.badRequest('Area code must be 3 digits');
    const areaCode = asked || (await defaultAreaCode(location));
    if (!areaCode) throw RpcFailure.badRequest('Area code is required');
    const contains = input.contains?.replace(/\D/g, '') || null;
    const limit = Math.min(MAX_LIMIT, Math.max(1, input.limit ?? DEFAULT_LIMIT));
    return { areaCode, numbers: await this.provider.searchAvailable({ areaCode, contains, limit }) };
  }
}
