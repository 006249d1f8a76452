import { leaseRenewalMessages as leaseRenewalSpecMessages } from '@pm/contracts';
/** The BFF's `ExpiringLease` (spec 001 section 3), as its contract defines it. */
export type { ExpiringLease } from '@pm/contracts';

/** Spec 001 section 9: the expiring-lease window options, in days. */
export const expiringLeaseWindows = [15, 30, 45, 60, 90, 180, 365] as const;
export const DEFAULT_EXPIRING_LEASE_WINDOW = 60;

/** Dashboard widget texts; the validation message is spec 001 section 5's, word for word. */
export const leaseRenewalMessages = {
  title: 'Upcoming Lease Renewals',
  buildingRequired: leaseRenewalSpecMessages.buildingRequired,
  sendAction: 'Send renewal e-mail',
  sent: 'Renewal e-mail sent',
  sendFailed: 'Failed to send renewal e-mail',
  loadFailed: 'Failed to fetch upcoming lease renewals.',
  empty: 'No leases expire in this window.',
} as const;
