import { Inject, Injectable } from '@nestjs/common';
import { GenerateRentLink, PAYMENT_LINK_METHODS, paymentMessages, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import Stripe from 'stripe';
import { v7 as uuidv7 } from 'uuid';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../../../config/payments-env.js';
import { ConnectedAccounts } from '../../../connect/connected-accounts.js';
import { DirectoryRepository } from '../../../directory/directory.repository.js';
import { providerCall } from '../../../providers/provider-call.js';
import { connectedAccountStatus } from '../../../providers/stripe-connect.js';
import { createRentCheckout } from '../../../providers/stripe-rent-checkout.js';
import { UnitRent } from '../../unit-rent.js';

/**
 * POST unit/{id}/generate-rent-link (`payment:write`, `Idempotency-Key`): a checkout link per method for what the
 * unit owes now, paid to the connected account of the account the unit belongs to, which must be able to take
 * charges. Nothing is stored here: the payment reaches the ledger only through the provider's signed webhooks.
 */
@Injectable()
@UseCase(GenerateRentLink)
export class GenerateRentLinkHandler implements UseCaseHandler<typeof GenerateRentLink> {
  constructor(
    private readonly units: UnitRent,
    private readonly accounts: ConnectedAccounts,
    private readonly directory: DirectoryRepository,
    private readonly stripe: Stripe,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async handle(request: RequestOf<typeof GenerateRentLink>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GenerateRentLink>> {
    const place = await this.units.place(em, caller, request.id, 'payment:write');
    const breakdown = await this.units.breakdown(em, place);
    if (breakdown.amount_due <= 0) throw RpcFailure.conflict(paymentMessages.rentNotSet);
    const stripeAccountId = await this.accounts.of(em, place.accountId);
    if (!stripeAccountId) throw RpcFailure.notFound(paymentMessages.connectNotOnboarded);
    const status = await providerCall(paymentMessages.providerUnavailable, () => connectedAccountStatus(this.stripe, stripeAccountId));
    if (!status.chargesEnabled) throw RpcFailure.notFound(paymentMessages.connectNotOnboarded);
    const tenantEmail = (await this.directory.tenantsOf(em, place.unitId)).flatMap((tenant) => tenant.emails)[0] ?? null;
    const description = `Rent, ${[place.buildingName, `Unit ${place.unitName}`].filter(Boolean).join(', ')}`;
    const attempt = uuidv7();
    const links = await providerCall(paymentMessages.providerUnavailable, () =>
      Promise.all(
        PAYMENT_LINK_METHODS.map(async (method) => {
          const { fee, total } = breakdown.methods.find((m) => m.method === method)!;
          const { url } = await createRentCheckout(this.stripe, {
            unitId: place.unitId,
            timeZone: place.timeZone,
            amountCents: breakdown.amount_due,
            method,
            feeCents: fee,
            description,
            connectedAccountId: stripeAccountId,
            tenantEmail,
            successUrl: `${new URL('/rent/success', this.config.PUBLIC_WEB_URL).href}?session_id={CHECKOUT_SESSION_ID}`,
            cancelUrl: new URL('/rent/cancel', this.config.PUBLIC_WEB_URL).href,
            idempotencyKey: `rent-link:${place.unitId}:${method}:${attempt}`,
          });
          return { method, url, amount: breakdown.amount_due, fee, total };
        }),
      ),
    );
    return { unit_id: place.unitId, links };
  }
}
