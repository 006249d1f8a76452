import { Injectable } from '@nestjs/common';
import { NO_TENANT_EMAIL, PAYMENT_LINK_METHODS, PAYMENT_LINKS_SENT, SendPaymentLinkEmail, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { DirectoryRepository } from '../../../directory/directory.repository.js';
import { paymentLinksText } from '../../../notices/rent-notice-texts.js';
import { RentNotices } from '../../../notices/rent-notices.js';
import { RentLinks } from '../../rent-links.js';
import { UnitRent, placeName } from '../../unit-rent.js';

/**
 * POST payments/send-payment-link-email (`payment:write`, `Idempotency-Key`): the unit's payment links e-mailed to its
 * current tenants through messaging. Each send is a notice of its own (a manager may send the links again); a retry of
 * the same request is answered from the first (the key).
 */
@Injectable()
@UseCase(SendPaymentLinkEmail)
export class SendPaymentLinkEmailHandler implements UseCaseHandler<typeof SendPaymentLinkEmail> {
  constructor(
    private readonly units: UnitRent,
    private readonly directory: DirectoryRepository,
    private readonly links: RentLinks,
    private readonly notices: RentNotices,
  ) {}

  async handle(request: RequestOf<typeof SendPaymentLinkEmail>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof SendPaymentLinkEmail>> {
    const place = await this.units.place(em, caller, request.unit_id, 'payment:write');
    const tenants = await this.directory.tenantsOf(em, place.unitId);
    if (!tenants.some((tenant) => tenant.emails.length > 0)) throw RpcFailure.conflict(NO_TENANT_EMAIL);
    const links = await this.links.create(em, place, PAYMENT_LINK_METHODS, this.links.defaultReturns());
    const name = placeName(place);
    const sent = await this.notices.request(em, place, { id: `links:${uuidv7()}`, kind: 'payment_links', requestedBy: caller.userId }, (tenantName) =>
      paymentLinksText({ tenantName, place: name, links }),
    );
    return { message: PAYMENT_LINKS_SENT, sent };
  }
}
