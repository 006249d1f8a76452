// The plans the platform sells, as Paddle products with one monthly price each. The caller passes its catalog; the
// default is the pricing table of the product specification (Starter, Basic, Growth, Professional: the Free plan is
// not sold and Enterprise is priced by sales). Ids are derived from each plan's key, so they are the same on every
// start and the adapter can be configured with them.
import type { SandboxContext } from '../sandbox-context.js';
import { stableId } from '../state/ids.js';
import type { PriceObject, ProductObject } from '../wire/objects.js';

export interface CatalogPlan {
  /** Stable key (`starter`): the product's and price's ids are derived from it unless given. */
  key: string;
  name: string;
  description?: string;
  /** USD cents per month. */
  monthlyAmountCents: number;
  /** Free trial in days before the first charge (none when 0 or absent). */
  trialDays?: number;
  productId?: string;
  priceId?: string;
  customData?: Record<string, unknown>;
}

/** The spec's trial: the pricing hero says 30 days (the FAQ says 31; see the README). */
export const DEFAULT_TRIAL_DAYS = 30;

export const DEFAULT_CATALOG: readonly CatalogPlan[] = [
  { key: 'starter', name: 'Starter', description: '1-5 units, 2 users, 5 GB storage', monthlyAmountCents: 1599, trialDays: DEFAULT_TRIAL_DAYS, customData: { plan: 'starter', units: '1-5', users: 2, storage_gb: 5 } },
  { key: 'basic', name: 'Basic', description: '6-20 units, 3 users, 20 GB storage', monthlyAmountCents: 2599, trialDays: DEFAULT_TRIAL_DAYS, customData: { plan: 'basic', units: '6-20', users: 3, storage_gb: 20 } },
  { key: 'growth', name: 'Growth', description: '21-50 units, 5 users, 50 GB storage, API access, workflows', monthlyAmountCents: 3599, trialDays: DEFAULT_TRIAL_DAYS, customData: { plan: 'growth', units: '21-50', users: 5, storage_gb: 50 } },
  { key: 'professional', name: 'Professional', description: '51-100 units, 20 users, 100 GB storage', monthlyAmountCents: 5099, trialDays: DEFAULT_TRIAL_DAYS, customData: { plan: 'professional', units: '51-100', users: 20, storage_gb: 100 } },
];

export interface CatalogEntry {
  key: string;
  productId: string;
  priceId: string;
}

/** Checks a catalog before anything starts: a bad plan is a configuration error, reported with every problem. */
export function validateCatalog(plans: readonly CatalogPlan[]): void {
  const problems: string[] = [];
  const keys = new Set<string>();
  plans.forEach((plan, i) => {
    const where = `catalog[${i}]${plan.key ? ` (${plan.key})` : ''}`;
    if (!/^[a-z0-9_-]+$/i.test(plan.key ?? '')) problems.push(`${where}: key must be letters, digits, - or _`);
    if (keys.has(plan.key)) problems.push(`${where}: key is used twice`);
    keys.add(plan.key);
    if (!plan.name?.trim()) problems.push(`${where}: name is required`);
    if (!Number.isInteger(plan.monthlyAmountCents) || plan.monthlyAmountCents < 1) problems.push(`${where}: monthlyAmountCents must be a whole number of cents, at least 1`);
    if (plan.trialDays !== undefined && (!Number.isInteger(plan.trialDays) || plan.trialDays < 0)) problems.push(`${where}: trialDays must be a whole number of days`);
    if (plan.productId !== undefined && !/^pro_[a-z0-9]{26}$/.test(plan.productId)) problems.push(`${where}: productId must look like pro_ followed by 26 lowercase letters or digits`);
    if (plan.priceId !== undefined && !/^pri_[a-z0-9]{26}$/.test(plan.priceId)) problems.push(`${where}: priceId must look like pri_ followed by 26 lowercase letters or digits`);
  });
  if (problems.length > 0) throw new Error(`Invalid Paddle sandbox catalog:\n- ${problems.join('\n- ')}`);
}

/** Adds the plans that are not in the store yet (a data directory may already hold them). */
export function seedCatalog(sb: SandboxContext, plans: readonly CatalogPlan[]): CatalogEntry[] {
  const now = sb.clock.nowIso();
  return plans.map((plan) => {
    const productId = plan.productId ?? stableId('pro', plan.key);
    const priceId = plan.priceId ?? stableId('pri', plan.key);
    if (!sb.store.products.find(productId)) {
      const product: ProductObject = {
        id: productId,
        name: plan.name,
        type: 'standard',
        description: plan.description ?? null,
        tax_category: 'saas',
        image_url: null,
        custom_data: plan.customData ?? null,
        status: 'active',
        created_at: now,
        updated_at: now,
        import_meta: null,
      };
      sb.store.products.add(product);
    }
    if (!sb.store.prices.find(priceId)) {
      const price: PriceObject = {
        id: priceId,
        product_id: productId,
        description: `${plan.name}, monthly`,
        type: 'standard',
        name: 'Monthly',
        billing_cycle: { interval: 'month', frequency: 1 },
        trial_period: plan.trialDays ? { interval: 'day', frequency: plan.trialDays, requires_payment_method: true } : null,
        tax_mode: 'account_setting',
        unit_price: { amount: String(plan.monthlyAmountCents), currency_code: 'USD' },
        unit_price_overrides: [],
        quantity: { minimum: 1, maximum: 1 },
        status: 'active',
        created_at: now,
        updated_at: now,
        custom_data: plan.customData ?? null,
        import_meta: null,
      };
      sb.store.prices.add(price);
    }
    return { key: plan.key, productId, priceId };
  });
}
