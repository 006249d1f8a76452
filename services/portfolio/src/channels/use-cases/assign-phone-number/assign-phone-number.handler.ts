import { Inject, Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { LocationPhoneNumberAssigned, type AssignLocationPhoneNumber, type PropertyLocation as PropertyLocationView, type RequestOf } from '@pm/contracts';
import { recordEvent, RpcFailure } from '@pm/messaging';
import type { Principal } from '@pm/nest-kit';
import { PhoneNumberUnavailableError, type PhoneNumberProvider } from '@pm/telephony';
import { CallerResolver } from '../../../accounts/caller.js';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from '../../../config/portfolio-env.js';
import { PropertyLocation } from '../../../property-locations/property-location.entity.js';
import { toPropertyLocationView } from '../../../property-locations/property-location.view.js';
import { LocationPhoneNumber } from '../../location-phone-number.entity.js';
import { PHONE_NUMBER_PROVIDER } from '../../phone-number-provider.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

export const NUMBER_UNAVAILABLE = 'This phone number is no longer available';
export const ALREADY_HAS_NUMBER = 'This property already has a phone number';

/**
 * POST property-location/{id}/phone-number: buys the number from the provider, then stores it for the location
 * (location_phone_number and location.phone) with LocationPhoneNumberAssigned. Unique indexes on both settle two
 * purchases racing for one number or one location.
 */
@Injectable()
export class AssignPhoneNumberHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    @Inject(PHONE_NUMBER_PROVIDER) private readonly provider: PhoneNumberProvider,
    @Inject(PORTFOLIO_CONFIG) private readonly config: PortfolioConfig,
  ) {}

  async execute(principal: Principal, input: RequestOf<typeof AssignLocationPhoneNumber>): Promise<PropertyLocationView> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const { location, role } = await this.access.require(em, caller, input.id, 'location:channels');
    const phoneNumber = input.phoneNumber?.trim() ?? '';
    if (!/^\+1\d{10}$/.test(phoneNumber)) throw RpcFailure.badRequest('Phone number must be in format: +1XXXXXXXXXX');
    if (location.phone || (await em.count(LocationPhoneNumber, { locationId: location.id }))) throw RpcFailure.conflict(ALREADY_HAS_NUMBER);
    if (await em.count(LocationPhoneNumber, { phoneNumber })) throw RpcFailure.conflict(NUMBER_UNAVAILABLE);

    const webhooks = this.config.SMS_WEBHOOK_BASE_URL?.replace(/\/$/, '');
    const purchased = await this.provider
      .purchase(phoneNumber, {
        friendlyName: location.name,
        smsWebhookUrl: webhooks ? `${webhooks}/sms/inbound` : undefined,
        voiceWebhookUrl: webhooks ? `${webhooks}/voice/inbound` : undefined,
      })
      .catch((error: unknown) => {
        if (error instanceof PhoneNumberUnavailableError) throw RpcFailure.conflict(NUMBER_UNAVAILABLE);
        throw error;
      });

    try {
      const saved = await this.em.fork().transactional(async (tx) => {
        const row = await tx.findOneOrFail(PropertyLocation, { id: location.id });
        if (row.phone) throw RpcFailure.conflict(ALREADY_HAS_NUMBER);
        const now = new Date();
        tx.create(LocationPhoneNumber, {
          locationId: row.id,
          accountId: row.accountId,
          phoneNumber: purchased.phoneNumber,
          provider: this.provider.name,
          providerNumberId: purchased.providerNumberId,
          assignedAt: now,
        });
        row.phone = purchased.phoneNumber;
        row.updatedAt = now;
        recordEvent(tx, LocationPhoneNumberAssigned, {
          ...row.scope(),
          phoneNumber: purchased.phoneNumber,
          provider: this.provider.name,
        });
        await tx.flush();
        return row;
      });
      return toPropertyLocationView(saved, role);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        const ownNumber = await this.em.fork().count(LocationPhoneNumber, { locationId: location.id });
        throw RpcFailure.conflict(ownNumber ? ALREADY_HAS_NUMBER : NUMBER_UNAVAILABLE);
      }
      throw error;
    }
  }
}
