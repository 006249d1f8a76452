import type { ComponentType } from 'react';
import { RentManagementTab } from '../features/payments/payouts/RentManagementTab.js';
import { SubscriptionTab } from '../features/payments/subscription/SubscriptionPage.js';

/** Who the account settings page is shown to: its base path says which area (manager or resident). */
export interface AccountViewer {
  base: '/property-manager/account' | '/resident/account';
  campaign: string | null | undefined;
}

/** Tabs other features add to the account settings page (…/account/<key>), after its own, composed here. */
export interface AccountTab {
  key: string;
  label: string;
  Component: ComponentType;
  shows: (viewer: AccountViewer) => boolean;
}

export const accountFeatureTabs: readonly AccountTab[] = [
  // Spec 000 §2.3 item 19: Subscription (…/subscription) shows only to managers.
  { key: 'subscription', label: 'Subscription', Component: SubscriptionTab, shows: ({ base }) => base === '/property-manager/account' },
  // Spec 000 §2.3 item 19: Rent Management (…/payouts) shows only to managers not of the property-owner campaign.
  { key: 'payouts', label: 'Rent Management', Component: RentManagementTab, shows: ({ base, campaign }) => base === '/property-manager/account' && campaign !== 'property_owner' },
];
