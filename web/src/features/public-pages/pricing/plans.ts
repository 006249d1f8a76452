import { PLANS, type Plan as PlanRecord, type PlanKey } from '@pm/contracts';
import { formatCents } from '../../../lib/format/money.js';

/**
 * Spec section 9 (pricing plans) and 3.9 (a plan's fields): the contracts' pricing table (`PLANS`, the one the
 * billing, the navbar flags and the limits read), with the page's own line about each plan. Its feature rules:
 * analytics basic (Free, Starter), standard (Basic), advanced (Growth, Professional), premium (Enterprise); inbound
 * SMS, calls, invoices, calendar and maintenance from Starter upward; integrations from Basic upward; workflows and API
 * access from Growth upward; export reports from Growth upward; inbound e-mail and the document vault on every plan.
 */
export type Plan = PlanRecord & { summary: string };

const summaries: Record<PlanKey, string> = {
  free: 'Inbound e-mail and the document vault only.',
  starter: 'Your tenants reach you by text, phone and e-mail; the AI drafts every reply.',
  basic: 'Everything in Starter, with integrations and standard analytics.',
  growth: 'API access and workflows, report exports and advanced analytics.',
  professional: 'Everything in Growth for larger portfolios and teams.',
  enterprise: 'Premium analytics, unlimited users and storage, and terms agreed with you.',
};

const withSummary = (plan: PlanRecord): Plan => ({ ...plan, summary: summaries[plan.id] });

/** The plans with a price (cheapest first), and Enterprise, which sales prices. */
export const plans: readonly Plan[] = PLANS.filter((plan) => !plan.contactSales).map(withSummary);
export const enterprise: Plan = withSummary(PLANS.find((plan) => plan.contactSales)!);

const analyticsNames = { basic: 'Basic', standard: 'Standard', advanced: 'Advanced', premium: 'Premium' } as const;

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export const formatPlan = {
  monthly: (plan: Plan) => (plan.price === null ? 'Custom' : plan.price === 0 ? '$0' : formatCents(plan.price)),
  perUnit: (plan: Plan) => (plan.unitPrice !== null ? formatCents(plan.unitPrice) : plan.unitPriceNote === 'custom' ? 'Custom' : 'Limited use'),
  // The spec writes Enterprise as "100+": the units above Professional's 100.
  units: (plan: Plan) => (plan.units === null ? 'Not applicable' : plan.units.max === null ? `${plan.units.min - 1}+` : `${plan.units.min}–${plan.units.max}`),
  users: (plan: Plan) => (plan.features.users === null ? 'Unlimited users' : plural(plan.features.users, 'user', 'users')),
  storage: (plan: Plan) => (plan.features.storageGb === null ? 'Unlimited storage' : `${plan.features.storageGb} GB storage`),
};

/** The rows of the comparison table, in the order a buyer reads them. */
export const featureRows: ReadonlyArray<{ label: string; value: (plan: Plan) => string | boolean }> = [
  { label: 'Monthly price', value: formatPlan.monthly },
  { label: 'Price per unit', value: formatPlan.perUnit },
  { label: 'Units', value: formatPlan.units },
  { label: 'Users', value: (plan) => (plan.features.users === null ? 'Unlimited' : String(plan.features.users)) },
  { label: 'Storage', value: (plan) => (plan.features.storageGb === null ? 'Unlimited' : `${plan.features.storageGb} GB`) },
  { label: 'Analytics', value: (plan) => analyticsNames[plan.features.analytics] },
  { label: 'Inbound e-mail', value: (plan) => plan.features.inboundMessages },
  { label: 'Document vault', value: (plan) => plan.features.documentVault },
  { label: 'Inbound SMS', value: (plan) => plan.features.inboundSMS },
  { label: 'Inbound calls', value: (plan) => plan.features.inboundCalls },
  { label: 'Property invoices', value: (plan) => plan.features.propertyInvoices },
  { label: 'Property calendar', value: (plan) => plan.features.propertyCalendar },
  { label: 'Maintenance requests', value: (plan) => plan.features.maintenanceRequests },
  { label: 'Integrations', value: (plan) => plan.features.integrations },
  { label: 'Workflows', value: (plan) => plan.features.workflows },
  { label: 'API access', value: (plan) => plan.features.apiAccess },
  { label: 'Export reports', value: (plan) => plan.features.exportReports },
];
