import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { limits } from '../../portfolio/validation.js';
import { RENT_CENTS_MAX } from '../rent.js';

/**
 * A unit's rent was set or changed (PUT unit/{id}/rent-details). Portfolio marks the owner's onboarding step
 * `hasRentSetup` done.
 */
export const RentDetailsSet = defineEvent({
  subject: 'pm.payments.rent-details.set.v1',
  data: z.object({
    unitId: z.string().min(1).max(limits.id),
    locationId: z.string().min(1).max(limits.id),
    accountId: z.string().min(1).max(limits.id),
    amountCents: z.number().int().positive().max(RENT_CENTS_MAX),
    dueDay: z.number().int().min(1).max(31),
    setBy: z.string().min(1).max(limits.id),
  }),
  fixture: { unitId: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c', locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c', accountId: 'usr_01HZX3', amountCents: 185_000, dueDay: 1, setBy: 'usr_01HZX3' },
});

/**
 * An account's Stripe connected account can take charges and pay out (Stripe's `account.updated` webhook said so).
 * Portfolio marks the owner's onboarding step `hasStripeConnected` done.
 */
export const ConnectAccountActivated = defineEvent({
  subject: 'pm.payments.connect-account.activated.v1',
  data: z.object({
    accountId: z.string().min(1).max(limits.id),
    stripeAccountId: z.string().min(1).max(255),
  }),
  fixture: { accountId: 'usr_01HZX3', stripeAccountId: 'acct_1Q2w3E4r5T6y7U8i' },
});
