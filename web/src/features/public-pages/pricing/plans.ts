/**
 * Spec section 9 (pricing plans) and 3.9 (a plan's fields). The feature rows follow the spec's rules: analytics
 * basic (Free, Starter), standard (Basic), advanced (Growth, Professional), premium (Enterprise); inbound SMS,
 * calls, invoices, calendar and maintenance from Starter upward; integrations from Basic upward; workflows and API
 * access from Growth upward (the Growth plan's note); export reports from Growth upward; inbound e-mail and the
 * document vault on every plan (the Free plan's note).
 */
export type AnalyticsLevel = 'Basic' | 'Standard' | 'Advanced' | 'Premium';

export interface PlanFeatures {
  analytics: AnalyticsLevel;
  inboundEmail: boolean;
  documentVault: boolean;
  inboundSms: boolean;
  inboundCalls: boolean;
  invoices: boolean;
  calendar: boolean;
  maintenanceRequests: boolean;
  integrations: boolean;
  workflows: boolean;
  apiAccess: boolean;
  exportReports: boolean;
}

export interface Plan {
  name: string;
  /** Dollars a month; null where the price is agreed with sales. */
  monthlyUsd: number | null;
  /** What a unit costs at the plan's largest size, as the spec gives it; null: limited use or custom. */
  perUnitUsd: number | null;
  units: { from: number; to: number | null } | null;
  /** null: unlimited. */
  users: number | null;
  /** null: unlimited. */
  storageGb: number | null;
  summary: string;
  features: PlanFeatures;
}

const tier = (level: number, analytics: AnalyticsLevel): PlanFeatures => ({
  analytics,
  inboundEmail: true,
  documentVault: true,
  inboundSms: level >= 1,
  inboundCalls: level >= 1,
  invoices: level >= 1,
  calendar: level >= 1,
  maintenanceRequests: level >= 1,
  integrations: level >= 2,
  workflows: level >= 3,
  apiAccess: level >= 3,
  exportReports: level >= 3,
});

export const plans: readonly Plan[] = [
  {
    name: 'Free',
    monthlyUsd: 0,
    perUnitUsd: null,
    units: null,
    users: 1,
    storageGb: 2,
    summary: 'Inbound e-mail and the document vault only.',
    features: tier(0, 'Basic'),
  },
  {
    name: 'Starter',
    monthlyUsd: 15.99,
    perUnitUsd: 3.2,
    units: { from: 1, to: 5 },
    users: 2,
    storageGb: 5,
    summary: 'Your tenants reach you by text, phone and e-mail; the AI drafts every reply.',
    features: tier(1, 'Basic'),
  },
  {
    name: 'Basic',
    monthlyUsd: 25.99,
    perUnitUsd: 1.3,
    units: { from: 6, to: 20 },
    users: 3,
    storageGb: 20,
    summary: 'Everything in Starter, with integrations and standard analytics.',
    features: tier(2, 'Standard'),
  },
  {
    name: 'Growth',
    monthlyUsd: 35.99,
    perUnitUsd: 0.72,
    units: { from: 21, to: 50 },
    users: 5,
    storageGb: 50,
    summary: 'API access and workflows, report exports and advanced analytics.',
    features: tier(3, 'Advanced'),
  },
  {
    name: 'Professional',
    monthlyUsd: 50.99,
    perUnitUsd: 0.51,
    units: { from: 51, to: 100 },
    users: 20,
    storageGb: 100,
    summary: 'Everything in Growth for larger portfolios and teams.',
    features: tier(3, 'Advanced'),
  },
];

export const enterprise: Plan = {
  name: 'Enterprise',
  monthlyUsd: null,
  perUnitUsd: null,
  units: { from: 101, to: null },
  users: null,
  storageGb: null,
  summary: 'Premium analytics, unlimited users and storage, and terms agreed with you.',
  features: tier(3, 'Premium'),
};

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export const formatPlan = {
  monthly: (plan: Plan) => (plan.monthlyUsd === null ? 'Custom' : plan.monthlyUsd === 0 ? '$0' : `$${plan.monthlyUsd.toFixed(2)}`),
  perUnit: (plan: Plan) => (plan.perUnitUsd !== null ? `$${plan.perUnitUsd.toFixed(2)}` : plan.monthlyUsd === null ? 'Custom' : 'Limited use'),
  // The spec writes Enterprise as "100+": the units above Professional's 100.
  units: (plan: Plan) => (plan.units === null ? 'Not applicable' : plan.units.to === null ? `${plan.units.from - 1}+` : `${plan.units.from}–${plan.units.to}`),
  users: (plan: Plan) => (plan.users === null ? 'Unlimited users' : plural(plan.users, 'user', 'users')),
  storage: (plan: Plan) => (plan.storageGb === null ? 'Unlimited storage' : `${plan.storageGb} GB storage`),
};

/** The rows of the comparison table, in the order a buyer reads them. */
export const featureRows: ReadonlyArray<{ label: string; value: (plan: Plan) => string | boolean }> = [
  { label: 'Monthly price', value: formatPlan.monthly },
  { label: 'Price per unit', value: formatPlan.perUnit },
  { label: 'Units', value: formatPlan.units },
  { label: 'Users', value: (plan) => (plan.users === null ? 'Unlimited' : String(plan.users)) },
  { label: 'Storage', value: (plan) => (plan.storageGb === null ? 'Unlimited' : `${plan.storageGb} GB`) },
  { label: 'Analytics', value: (plan) => plan.features.analytics },
  { label: 'Inbound e-mail', value: (plan) => plan.features.inboundEmail },
  { label: 'Document vault', value: (plan) => plan.features.documentVault },
  { label: 'Inbound SMS', value: (plan) => plan.features.inboundSms },
  { label: 'Inbound calls', value: (plan) => plan.features.inboundCalls },
  { label: 'Property invoices', value: (plan) => plan.features.invoices },
  { label: 'Property calendar', value: (plan) => plan.features.calendar },
  { label: 'Maintenance requests', value: (plan) => plan.features.maintenanceRequests },
  { label: 'Integrations', value: (plan) => plan.features.integrations },
  { label: 'Workflows', value: (plan) => plan.features.workflows },
  { label: 'API access', value: (plan) => plan.features.apiAccess },
  { label: 'Export reports', value: (plan) => plan.features.exportReports },
];
