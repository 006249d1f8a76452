import type { TagDescription } from '@reduxjs/toolkit/query';
import { LIST_ID } from '../cache-tags.js';
import type { EndpointTable } from '../contract-endpoints.js';
import type { TagType } from '../tag-types.js';

type Tags = TagDescription<TagType>[];
const rentRolls: Tags = [{ type: 'RentRoll', id: LIST_ID }];
/**
 * What a change to a unit's rent or its ledger shows on: the unit's rent details, prices, breakdown and ledger, every
 * rent roll (the change does not say which location the unit is in) and this month's collected rent.
 */
const afterUnitRentChange = (unitId: string): Tags => [
  { type: 'RentDetails', id: unitId },
  { type: 'RentPrice', id: unitId },
  { type: 'PaymentBreakdown', id: unitId },
  { type: 'Ledger', id: unitId },
  ...rentRolls,
  'MonthlyPayments',
];

/** The cache tags and call options of payments' generated endpoints (app/generated/payments-api.ts). */
export const payments: EndpointTable = {
  GetRentDetails: { provides: (_result, { id }) => [{ type: 'RentDetails', id }] },
  ListRentPrices: { provides: (_result, { id }) => [{ type: 'RentPrice', id }] },
  GetPaymentBreakdown: { provides: (_result, { id }) => [{ type: 'PaymentBreakdown', id }] },
  // Every window of the unit's ledger (from/to) carries the unit's tag.
  GetUnitLedger: { provides: (_result, { id }) => [{ type: 'Ledger', id }] },
  GetLocationRentRoll: { provides: (_result, { id }) => [{ type: 'RentRoll', id }, ...rentRolls] },
  GetMonthlyPayments: { provides: ['MonthlyPayments'] },
  // Setting the rent is also the checklist's "Manage rent" step (hasRentSetup).
  UpdateRentDetails: { invalidates: (_result, { id }) => [...afterUnitRentChange(id), 'OnboardingProgress'] },
  RecordPayment: { invalidates: (_result, { id }) => afterUnitRentChange(id) },
  GetConnectAccountStatus: { provides: ['PayoutAccount'] },
  // Recurring rent: the unit's list and the resident's own; a change is confirmed by the provider's webhook, so
  // every list of recurring payments is read again (and the resident's payments, which a cancellation may follow).
  ListUnitRentSubscriptions: { provides: (_result, { id }) => [{ type: 'RentSubscription', id }] },
  ListSubscriptions: { provides: [{ type: 'RentSubscription', id: LIST_ID }] },
  ListPayments: { provides: [{ type: 'ResidentPayment', id: LIST_ID }] },
  CancelSubscription: { invalidates: ['RentSubscription', 'ResidentPayment'] },
  CancelSubscriptionAtPeriodEnd: { invalidates: ['RentSubscription', 'ResidentPayment'] },
  UpdateSubscriptionDate: { invalidates: ['RentSubscription'] },
};
