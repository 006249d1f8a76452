import { z } from 'zod';

/**
 * The platform's own plans (spec 000 §3.9 and §9 "Pricing plans (monthly price, per unit, units, users, storage)"),
 * as data every service, the BFF and the web read: the pricing table row by row, and the feature rules under it
 * ("Analytics levels: …", "Integrations from Basic upward. Export reports from Growth upward. Inbound SMS, calls,
 * invoices, calendar and maintenance from Starter upward.", Growth's "API access, workflows", Free's "inbound e-mail
 * and document vault only"). Money in integer cents. Paddle sells the four priced plans; Free needs no checkout and
 * Enterprise is "Contact sales".
 */
export const PLAN_KEYS = ['free', 'starter', 'basic', 'growth', 'professional', 'enterprise'] as const;
export const PlanKeySchema = z.enum(PLAN_KEYS);
export type PlanKey = z.infer<typeof PlanKeySchema>;

/** The plans bought through Paddle's checkout (a monthly price each). */
export const PAID_PLAN_KEYS = ['starter', 'basic', 'growth', 'professional'] as const satisfies readonly PlanKey[];
export const PaidPlanKeySchema = z.enum(PAID_PLAN_KEYS, { error: 'Choose one of the plans: starter, basic, growth or professional' });
export type PaidPlanKey = z.infer<typeof PaidPlanKeySchema>;

export const ANALYTICS_LEVELS = ['basic', 'standard', 'advanced', 'premium'] as const;

const centsOrCustom = z.number().int().min(0).max(10_000_000).nullable();

export const PlanFeaturesSchema = z.object({
  /** Users the plan includes; null: unlimited (Enterprise). */
  users: z.number().int().min(1).max(10_000).nullable(),
  /** Storage in GB; null: unlimited (Enterprise). */
  storageGb: z.number().int().min(1).max(100_000).nullable(),
  /** The spec lists support among the features but gives no level for any plan: null until the product says. */
  support: z.string().max(200).nullable(),
  integrations: z.boolean(),
  analytics: z.enum(ANALYTICS_LEVELS),
  apiAccess: z.boolean(),
  /** Inbound e-mail: every plan, Free included. */
  inboundMessages: z.boolean(),
  inboundSMS: z.boolean(),
  inboundCalls: z.boolean(),
  workflows: z.boolean(),
  propertyInvoices: z.boolean(),
  propertyCalendar: z.boolean(),
  maintenanceRequests: z.boolean(),
  documentVault: z.boolean(),
  exportReports: z.boolean(),
});
export type PlanFeatures = z.infer<typeof PlanFeaturesSchema>;

export const PlanSchema = z.object({
  id: PlanKeySchema,
  name: z.string().min(1).max(100),
  /** Monthly price in cents; null: custom (Enterprise, priced by sales). */
  price: centsOrCustom,
  /** Price per unit in cents; null where the table says "limited use" (Free) or "custom" (Enterprise): `unitPriceNote`. */
  unitPrice: centsOrCustom,
  unitPriceNote: z.enum(['limited use', 'custom']).nullable(),
  /** The units range (1-5 …); `max` null: open-ended (Enterprise's "100+": from 101, above Professional's 100); null: n/a (Free). */
  units: z.object({ min: z.number().int().min(1).max(100_000), max: z.number().int().min(1).max(100_000).nullable() }).nullable(),
  description: z.string().max(500),
  features: PlanFeaturesSchema,
  /** Bought through the billing provider's checkout (`POST paddle/subscription/checkout`). */
  checkout: z.boolean(),
  /** "Contact sales" instead of a checkout (Enterprise). */
  contactSales: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

const tier = (from: PlanKey, plan: PlanKey): boolean => PLAN_KEYS.indexOf(plan) >= PLAN_KEYS.indexOf(from);

function features(plan: PlanKey, users: number | null, storageGb: number | null, analytics: (typeof ANALYTICS_LEVELS)[number]): PlanFeatures {
  const starter = tier('starter', plan);
  return {
    users,
    storageGb,
    support: null,
    integrations: tier('basic', plan),
    analytics,
    apiAccess: tier('growth', plan),
    inboundMessages: true,
    inboundSMS: starter,
    inboundCalls: starter,
    workflows: tier('growth', plan),
    propertyInvoices: starter,
    propertyCalendar: starter,
    maintenanceRequests: starter,
    documentVault: true,
    exportReports: tier('growth', plan),
  };
}

/** The pricing table, cheapest first (the order of PLAN_KEYS, which the feature tiers rely on). */
export const PLANS: readonly Plan[] = Object.freeze([
  { id: 'free', name: 'Free', price: 0, unitPrice: null, unitPriceNote: 'limited use', units: null, description: 'Inbound e-mail and document vault only; 1 user, 2 GB storage', features: features('free', 1, 2, 'basic'), checkout: false, contactSales: false },
  { id: 'starter', name: 'Starter', price: 1599, unitPrice: 320, unitPriceNote: null, units: { min: 1, max: 5 }, description: '1-5 units, 2 users, 5 GB storage', features: features('starter', 2, 5, 'basic'), checkout: true, contactSales: false },
  { id: 'basic', name: 'Basic', price: 2599, unitPrice: 130, unitPriceNote: null, units: { min: 6, max: 20 }, description: '6-20 units, 3 users, 20 GB storage', features: features('basic', 3, 20, 'standard'), checkout: true, contactSales: false },
  { id: 'growth', name: 'Growth', price: 3599, unitPrice: 72, unitPriceNote: null, units: { min: 21, max: 50 }, description: '21-50 units, 5 users, 50 GB storage, API access, workflows', features: features('growth', 5, 50, 'advanced'), checkout: true, contactSales: false },
  { id: 'professional', name: 'Professional', price: 5099, unitPrice: 51, unitPriceNote: null, units: { min: 51, max: 100 }, description: '51-100 units, 20 users, 100 GB storage', features: features('professional', 20, 100, 'advanced'), checkout: true, contactSales: false },
  { id: 'enterprise', name: 'Enterprise', price: null, unitPrice: null, unitPriceNote: 'custom', units: { min: 101, max: null }, description: '100+ units, unlimited users and storage, premium analytics', features: features('enterprise', null, null, 'premium'), checkout: false, contactSales: true },
] satisfies Plan[]);

export function planOf(key: PlanKey): Plan {
  return PLANS.find((plan) => plan.id === key)!;
}

/**
 * The trial, as the spec gives it twice (000 §1: "the pricing hero says 30 days with no card; the FAQ says 31 days"),
 * kept as two statements. The product's trial is the pricing hero's 30 days: it is the offer shown where a plan is
 * chosen, and the billing provider's price carries it, so the trial end shown is the one Paddle charges at. The FAQ's
 * 31 days stays a statement of the FAQ. (The terms add that a free trial ends at midnight Eastern Time.)
 */
export const TRIAL_STATEMENTS = Object.freeze({ pricingHero: { days: 30, cardRequired: false }, faq: { days: 31 } });
export const TRIAL_DAYS = TRIAL_STATEMENTS.pricingHero.days;

/** The billing provider's subscription states (Paddle's), as the current-subscription call reports them. */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'paused', 'canceled'] as const;
export const PlanSubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type PlanSubscriptionStatus = z.infer<typeof PlanSubscriptionStatusSchema>;

/** States in which the account has its plan (past due: Paddle is still collecting; the plan stays until it cancels). */
export const PLAN_HOLDING_STATUSES: readonly PlanSubscriptionStatus[] = ['trialing', 'active', 'past_due'];

/** Where a plan's limit sends the user: the subscription plans screen. */
export const UPGRADE_PATH = '/property-manager/subscription';
/** The error `code` of a call refused by the account's plan (409): the web shows its message with a link to UPGRADE_PATH. */
export const PLAN_LIMIT_CODE = 'plan_limit';

/**
 * What a call refused by a plan's limit says (409, code `plan_limit`): the limit, the plan, and what to do. Units and
 * users are counted per account (the owner and every partner or pending invitation are users); storage is the vault's
 * bytes of the account.
 */
export const planLimitMessages = {
  units: (plan: Plan) => `Your ${plan.name} plan includes up to ${plan.units?.max ?? 0} units. Upgrade your plan to add more units.`,
  users: (plan: Plan) => `Your ${plan.name} plan includes ${plan.features.users === 1 ? '1 user' : `${plan.features.users ?? 0} users`}. Upgrade your plan to invite more people.`,
  storage: (plan: Plan) => `Your ${plan.name} plan includes ${plan.features.storageGb ?? 0} GB of storage, which this upload would exceed. Upgrade your plan to store more.`,
} as const;
