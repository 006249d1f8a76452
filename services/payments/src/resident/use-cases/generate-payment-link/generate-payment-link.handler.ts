import { Injectable } from '@nestjs/common';
import { GeneratePaymentLink, residentPaymentMessages, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DirectoryRepository } from '../../../directory/directory.repository.js';
import { RentLinks } from '../../../rent/rent-links.js';
import { ResidentPayments } from '../../resident-payments.js';

/**
 * POST payments/generate-link (`Idempotency-Key`): the resident's Make Payment, by US bank account (ACH, no fee), for
 * what their unit owes now; back to the page they came from, which must be one of the product's.
 */
@Injectable()
@UseCase(GeneratePaymentLink)
export class GeneratePaymentLinkHandler implements UseCaseHandler<typeof GeneratePaymentLink> {
  constructor(
    private readonly resident: ResidentPayments,
    private readonly directory: DirectoryRepository,
    private readonly links: RentLinks,
  ) {}

  async handle(request: RequestOf<typeof GeneratePaymentLink>, { em, principal }: UseCaseContext): Promise<ResponseOf<typeof GeneratePaymentLink>> {
    if (!this.links.isOwnPage(request.success_url) || !this.links.isOwnPage(request.cancel_url)) throw RpcFailure.badRequest(residentPaymentMessages.returnUrl);
    const own = await this.resident.unitsOf(em, principal.isAnonymous ? null : (principal.email ?? null));
    const unitId = request.unit_id ? own.find((id) => id === request.unit_id) : own[0];
    const place = unitId ? await this.directory.unit(em, unitId) : null;
    if (!place) throw RpcFailure.notFound(residentPaymentMessages.noUnit);
    const success = new URL(request.success_url);
    success.searchParams.set('session_id', 'CHECKOUT_SESSION_ID');
    // Stripe replaces the literal {CHECKOUT_SESSION_ID}, which URLSearchParams would have escaped.
    const successUrl = success.href.replace('session_id=CHECKOUT_SESSION_ID', 'session_id={CHECKOUT_SESSION_ID}');
    const [link] = await this.links.create(em, place, ['us_bank_account'], { successUrl, cancelUrl: request.cancel_url });
    return { checkoutUrl: link!.url };
  }
}
