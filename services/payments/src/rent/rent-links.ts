import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { paymentMessages, type PaymentLinkMethod } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import Stripe from 'stripe';
import { v7 as uuidv7 } from 'uuid';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config/payments-env.js';
import { ConnectedAccounts } from '../connect/connected-accounts.js';
import { DirectoryRepository, type UnitPlace } from '../directory/directory.repository.js';
import { providerCall } from '../providers/provider-call.js';
import { connectedAccountStatus } from '../providers/stripe-connect.js';
import { createRentCheckout } from '../providers/stripe-rent-checkout.js';
import { UnitRent, rentDescription } from './unit-rent.js';

export interface RentLink {
  method: PaymentLinkMethod;
  url: string;
  amount: number;
  fee: number;
  total: number;
}

/**
 * Checkout links for what a unit owes now (or a month's rent ahead), paid to the connected account of the account the
 * unit belongs to, which must be able to take charges. Nothing is stored: a payment reaches the ledger only through
 * the provider's signed webhooks.
 */
@Injectable()
export class RentLinks {
  constructor(
    private readonly units: UnitRent,
    private readonly accounts: ConnectedAccounts,
    private readonly directory: DirectoryRepository,
    private readonly stripe: Stripe,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  /** The product's own pages checkout returns to by default: `/rent/success` (with the session id) and `/rent/cancel`. */
  defaultReturns(): { successUrl: string; cancelUrl: string } {
    return { successUrl: `${new URL('/rent/success', this.config.PUBLIC_WEB_URL).href}?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: new URL('/rent/cancel', this.config.PUBLIC_WEB_URL).href };
  }

  /** Whether a return address is a page of the product (never another site: no open redirect through the provider). */
  isOwnPage(url: string): boolean {
    return new URL(url).origin === new URL(this.config.PUBLIC_WEB_URL).origin;
  }

  /** The connected account the unit's rent goes to; 404 while the account has none that can take charges. */
  async destinationOf(em: EntityManager, place: UnitPlace): Promise<string> {
    const stripeAccountId = await this.accounts.of(em, place.accountId);
    if (!stripeAccountId) throw RpcFailure.notFound(paymentMessages.connectNotOnboarded);
    const status = await providerCall(paymentMessages.providerUnavailable, () => connectedAccountStatus(this.stripe, stripeAccountId));
    if (!status.chargesEnabled) throw RpcFailure.notFound(paymentMessages.connectNotOnboarded);
    return stripeAccountId;
  }

  async create(em: EntityManager, place: UnitPlace, methods: readonly PaymentLinkMethod[], returns: { successUrl: string; cancelUrl: string }): Promise<RentLink[]> {
    const breakdown = await this.units.breakdown(em, place);
    if (breakdown.amount_due <= 0) throw RpcFailure.conflict(paymentMessages.rentNotSet);
    const stripeAccountId = await this.destinationOf(em, place);
    const tenantEmail = (await this.directory.tenantsOf(em, place.unitId)).flatMap((tenant) => tenant.emails)[0] ?? null;
    const attempt = uuidv7();
    return providerCall(paymentMessages.providerUnavailable, () =>
      Promise.all(
        methods.map(async (method) => {
          const { fee, total } = breakdown.methods.find((m) => m.method === method)!;
          const { url } = await createRentCheckout(this.stripe, {
            unitId: place.unitId,
            timeZone: place.timeZone,
            amountCents: breakdown.amount_due,
            method,
            feeCents: fee,
            description: rentDescription(place),
            connectedAccountId: stripeAccountId,
            tenantEmail,
            successUrl: returns.successUrl,
            cancelUrl: returns.cancelUrl,
            idempotencyKey: `rent-link:${place.unitId}:${method}:${attempt}`,
          });
          return { method, url, amount: breakdown.amount_due, fee, total };
        }),
      ),
    );
  }
}
