import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentRecord } from '@pm/contracts';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { Ledger, type PaymentEntry } from '../ledger/ledger.js';
import { LedgerStore } from '../ledger/ledger-store.js';
import { table } from '../payments-tables.js';
import { RentSubscriptions, subscriptionPaymentRecord } from '../rent/rent-subscriptions.js';
import { rentDescription } from '../rent/unit-rent.js';

/**
 * What a resident sees of rent: the units where they are a current tenant, known by their account's e-mail (the rule
 * portfolio links residents to tenants by), and the payments of those units as the payer sees them.
 */
@Injectable()
export class ResidentPayments {
  constructor(
    private readonly directory: DirectoryRepository,
    private readonly store: LedgerStore,
    private readonly subscriptions: RentSubscriptions,
  ) {}

  /** A unit's payments as its payer sees them, newest first. */
  async paymentsOf(em: EntityManager, unitId: string): Promise<PaymentRecord[]> {
    const place = await this.directory.unit(em, unitId);
    return paymentRecords(Ledger.of(await this.store.entriesOf(em, unitId)), place ? rentDescription(place) : 'Rent');
  }

  /**
   * The payment made on a checkout, or the recurring payment signed up on it (which charges nothing until its first due
   * day); none while its webhook has not arrived, or for an id nothing has.
   */
  async ofCheckout(em: EntityManager, checkoutSessionId: string): Promise<PaymentRecord[]> {
    const unitId = await this.unitOfCheckout(em, checkoutSessionId);
    if (unitId) return (await this.paymentsOf(em, unitId)).filter((record) => record.metadata.checkout_session_id === checkoutSessionId);
    const subscription = await this.subscriptions.ofCheckout(em, checkoutSessionId);
    const place = subscription ? await this.directory.unit(em, subscription.unitId) : null;
    const record = subscription ? subscriptionPaymentRecord(subscription, place ? rentDescription(place) : 'Rent') : null;
    return record ? [record] : [];
  }

  /** The units the account's e-mail is a current tenant's contact of, oldest tenancy first. */
  async unitsOf(em: EntityManager, email: string | null): Promise<string[]> {
    if (!email) return [];
    const rows = await em.execute<{ unit_id: string }[]>(
      `select distinct on (unit_id) unit_id, tenant_id from ${table(em, 'tenant_directory')}
        where not archived and not deleted and emails @> ?::jsonb order by unit_id, tenant_id`,
      [JSON.stringify([email.trim().toLowerCase()])],
      'all',
    );
    return rows.map((row) => row.unit_id);
  }

  /** The unit a payment on this checkout went to, if any. */
  private async unitOfCheckout(em: EntityManager, checkoutSessionId: string): Promise<string | null> {
    const [row] = await em.execute<{ unit_id: string }[]>(`select unit_id from ${table(em, 'ledger_entry')} where entry->>'checkoutSessionId' = ? limit 1`, [checkoutSessionId], 'all');
    return row?.unit_id ?? null;
  }
}

/** The ledger's payments as the payer sees them, newest first. */
export function paymentRecords(ledger: Ledger, description: string): PaymentRecord[] {
  const entries = new Map(ledger.entries.filter((entry): entry is PaymentEntry => entry.type === 'payment').map((entry) => [entry.id, entry]));
  return [...ledger.payments.values()]
    .map((payment) => {
      const entry = entries.get(payment.id)!;
      return {
        id: payment.id,
        amount: payment.amountCents,
        status: payment.status,
        type: 'rent' as const,
        description: `${description} (${entry.subscriptionId ? 'recurring ACH' : payment.method === 'ach' ? 'ACH' : payment.method.replace('_', ' ')})`,
        date: payment.paidOn,
        period: payment.paidOn.slice(0, 7),
        isSubscription: entry.subscriptionId !== undefined,
        subscriptionId: entry.subscriptionId ?? null,
        metadata: { checkout_session_id: entry.checkoutSessionId ?? null },
      };
    })
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? 1 : -1));
}
