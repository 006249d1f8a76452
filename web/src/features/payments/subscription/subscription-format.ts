import type { Plan, PlanSubscription } from '@pm/contracts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A plan's figures as the pricing table writes them (spec 000 §9), from the plans call's cents. */
export const planFigures = {
  monthly: (plan: Plan) => (plan.price === null ? 'Custom' : plan.price === 0 ? '$0' : dollars(plan.price)),
  perUnit: (plan: Plan) => (plan.unitPrice !== null ? `${dollars(plan.unitPrice)} per unit` : plan.unitPriceNote === 'custom' ? 'Custom' : 'Limited use'),
  // The spec writes Enterprise's range as "100+": the units above Professional's 100.
  units: (plan: Plan) => (plan.units === null ? null : plan.units.max === null ? `${plan.units.min - 1}+ units` : `${plan.units.min}-${plan.units.max} units`),
  users: (plan: Plan) => (plan.features.users === null ? 'Unlimited users' : `${plan.features.users} ${plan.features.users === 1 ? 'user' : 'users'}`),
  storage: (plan: Plan) => (plan.features.storageGb === null ? 'Unlimited storage' : `${plan.features.storageGb} GB storage`),
};

/** The plan's features worth a line on its card, in the order a buyer reads them. */
export function planHighlights(plan: Plan): string[] {
  const f = plan.features;
  const lines = [`${f.analytics[0]!.toUpperCase()}${f.analytics.slice(1)} analytics`, 'Inbound e-mail', 'Document vault'];
  if (f.inboundSMS) lines.push('Inbound SMS');
  if (f.inboundCalls) lines.push('Inbound calls');
  if (f.propertyInvoices) lines.push('Property invoices');
  if (f.propertyCalendar) lines.push('Property calendar');
  if (f.maintenanceRequests) lines.push('Maintenance requests');
  if (f.integrations) lines.push('Integrations');
  if (f.workflows) lines.push('Workflows');
  if (f.apiAccess) lines.push('API access');
  if (f.exportReports) lines.push('Export reports');
  return lines;
}

export const statusLabels: Record<PlanSubscription['status'], { label: string; color: string }> = {
  trialing: { label: 'Free trial', color: 'processing' },
  active: { label: 'Active', color: 'success' },
  past_due: { label: 'Past due', color: 'warning' },
  paused: { label: 'Paused', color: 'default' },
  canceled: { label: 'Canceled', color: 'default' },
};

export const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : null);
