import { payoutStateOf, type ConnectAccountStatus, type PayoutState } from '@pm/contracts';

export interface PayoutView {
  state: PayoutState;
  color: 'success' | 'warning' | 'default';
  /** Spec 000 §4.8: the connect button shows unless Active. */
  showConnect: boolean;
  /** Spec 000 §4.8: the dashboard button only when Active. */
  showDashboard: boolean;
  connectLabel: string;
}

/** What the Rent Management tab shows for the connected account's flags (spec 000 §3.11, §4.8). */
export function payoutViewOf(status: ConnectAccountStatus): PayoutView {
  const state = payoutStateOf(status);
  if (state === 'Active') return { state, color: 'success', showConnect: false, showDashboard: true, connectLabel: '' };
  if (state === 'Not Connected') return { state, color: 'default', showConnect: true, showDashboard: false, connectLabel: 'Connect Stripe Account' };
  return { state, color: 'warning', showConnect: true, showDashboard: false, connectLabel: 'Complete Stripe Onboarding' };
}
