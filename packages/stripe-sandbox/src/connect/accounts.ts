// Connect Express accounts: creation, the onboarding link and its hosted form, login links to the Express
// dashboard. An account starts with requirements currently due and charges/payouts disabled; submitting the
// onboarding form satisfies them and sends `account.updated` (a Connect event: `account` is set).
import { LIST_PARAMS, listResponse } from '../http/list.js';
import type { Params } from '../http/params.js';
import { mergeMetadata } from '../http/params.js';
import type { Router } from '../http/router.js';
import { invalidRequest, missingParam } from '../http/stripe-error.js';
import type { SandboxContext } from '../sandbox-context.js';
import { newId, randomToken } from '../state/ids.js';
import { changedFields } from '../webhooks/event-log.js';
import type { AccountLinkObject, AccountObject, LoginLinkObject } from '../wire/objects.js';
import { balanceObject } from './balances.js';

const INITIAL_REQUIREMENTS = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

const ACCOUNT_LINK_TTL_SEC = 300;

function readBusinessProfile(params: Params, current?: AccountObject['business_profile']): AccountObject['business_profile'] {
  const profile = params.child('business_profile')?.only(['name', 'url', 'mcc', 'product_description', 'support_email']);
  const base = current ?? { name: null, url: null, mcc: null, product_description: null, support_email: null };
  if (!profile) return base;
  return {
    name: profile.nullableString('name') ?? base.name,
    url: profile.nullableString('url') ?? base.url,
    mcc: profile.nullableString('mcc') ?? base.mcc,
    product_description: profile.nullableString('product_description') ?? base.product_description,
    support_email: profile.nullableString('support_email') ?? base.support_email,
  };
}

function readCapabilities(params: Params, current: AccountObject['capabilities'], active: boolean): AccountObject['capabilities'] {
  const capabilities = { ...current };
  const requested = params.child('capabilities');
  if (!requested) return capabilities;
  for (const name of requested.keys()) {
    const capability = requested.child(name)?.only(['requested']);
    const wanted = capability?.bool('requested');
    if (wanted === true) capabilities[name] = active ? 'active' : 'inactive';
    else if (wanted === false) delete capabilities[name];
  }
  return capabilities;
}

export function createAccount(sb: SandboxContext, params: Params): AccountObject {
  params.only(['type', 'email', 'country', 'capabilities', 'metadata', 'business_type', 'business_profile', 'default_currency']);
  const type = params.string('type');
  if (!type) throw missingParam('type');
  if (type !== 'express') {
    throw invalidRequest(`The sandbox implements Connect Express accounts only; type=${type} is not emulated.`, 'type');
  }
  const id = `acct_1${randomToken(15)}`;
  const account: AccountObject = {
    id,
    object: 'account',
    type: 'express',
    email: params.string('email') ?? null,
    country: (params.string('country') ?? 'US').toUpperCase(),
    default_currency: params.string('default_currency') ?? 'usd',
    created: sb.clock.nowSec(),
    business_type: params.oneOf('business_type', ['individual', 'company'] as const) ?? null,
    business_profile: readBusinessProfile(params),
    capabilities: readCapabilities(params, {}, false),
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: [...INITIAL_REQUIREMENTS],
      disabled_reason: 'requirements.past_due',
      errors: [],
      eventually_due: [...INITIAL_REQUIREMENTS],
      past_due: [...INITIAL_REQUIREMENTS],
      pending_verification: [],
    },
    external_accounts: { object: 'list', data: [], has_more: false, url: `/v1/accounts/${id}/external_accounts` },
    tos_acceptance: { date: null, ip: null, user_agent: null },
    metadata: params.metadata() ?? {},
  };
  return sb.store.accounts.insert(account, null);
}

function updateAccount(sb: SandboxContext, account: AccountObject, params: Params): AccountObject {
  params.only(['email', 'metadata', 'business_profile', 'business_type', 'capabilities']);
  const before = structuredClone(account);
  const email = params.nullableString('email');
  if (email !== undefined) account.email = email;
  const metadata = params.metadata();
  if (metadata) account.metadata = mergeMetadata(account.metadata, metadata);
  account.business_profile = readBusinessProfile(params, account.business_profile);
  account.business_type = params.oneOf('business_type', ['individual', 'company'] as const) ?? account.business_type;
  account.capabilities = readCapabilities(params, account.capabilities, account.details_submitted);
  const changed = changedFields(before, account);
  if (Object.keys(changed).length > 0) sb.events.emit('account.updated', account, account.id, changed);
  return account;
}

export interface OnboardingDetails {
  businessName: string;
  businessType: 'individual' | 'company';
  firstName: string;
  lastName: string;
  email: string | null;
  routingNumber: string;
  accountNumber: string;
  ip: string;
  userAgent: string | null;
}

/** What the hosted onboarding form does on submit. */
export function completeOnboarding(sb: SandboxContext, account: AccountObject, details: OnboardingDetails): void {
  const before = structuredClone(account);
  const now = sb.clock.nowSec();
  account.business_type = details.businessType;
  account.business_profile = {
    ...account.business_profile,
    name: details.businessName,
    mcc: account.business_profile.mcc ?? '6513',
    url: account.business_profile.url ?? 'https://example.com',
  };
  if (details.email) account.email = details.email;
  account.details_submitted = true;
  account.charges_enabled = true;
  account.payouts_enabled = true;
  for (const name of Object.keys(account.capabilities)) account.capabilities[name] = 'active';
  account.requirements = {
    alternatives: [],
    current_deadline: null,
    currently_due: [],
    disabled_reason: null,
    errors: [],
    eventually_due: [],
    past_due: [],
    pending_verification: [],
  };
  account.tos_acceptance = { date: now, ip: details.ip, user_agent: details.userAgent };
  account.external_accounts.data = [
    {
      id: newId('ba'),
      object: 'bank_account',
      account: account.id,
      account_holder_name: `${details.firstName} ${details.lastName}`,
      account_holder_type: details.businessType,
      account_type: 'checking',
      bank_name: 'STRIPE TEST BANK',
      country: 'US',
      currency: 'usd',
      default_for_currency: true,
      fingerprint: randomToken(16),
      last4: details.accountNumber.slice(-4),
      metadata: {},
      routing_number: details.routingNumber,
      status: 'new',
    },
  ];
  sb.events.emit('account.updated', account, account.id, changedFields(before, account));
}

function createAccountLink(sb: SandboxContext, params: Params): AccountLinkObject {
  params.only(['account', 'type', 'refresh_url', 'return_url', 'collect', 'collection_options']);
  const accountId = params.requiredString('account');
  const account = sb.store.accounts.get(accountId, null, 'account');
  const type = params.oneOf('type', ['account_onboarding', 'account_update'] as const);
  if (!type) throw missingParam('type');
  if (type === 'account_update' && account.type === 'express') {
    throw invalidRequest('You cannot create `account_update` type Account Links for Express accounts.', 'type');
  }
  const refreshUrl = params.string('refresh_url');
  const returnUrl = params.string('return_url');
  if (!refreshUrl) throw missingParam('refresh_url');
  if (!returnUrl) throw missingParam('return_url');
  const created = sb.clock.nowSec();
  const token = randomToken(32);
  sb.store.internal.accountLinks[token] = {
    account: account.id,
    refreshUrl,
    returnUrl,
    expiresAt: created + ACCOUNT_LINK_TTL_SEC,
    used: false,
  };
  return { object: 'account_link', created, expires_at: created + ACCOUNT_LINK_TTL_SEC, url: `${sb.baseUrl()}/connect/onboarding/${token}` };
}

function createLoginLink(sb: SandboxContext, account: AccountObject): LoginLinkObject {
  if (!account.details_submitted) {
    throw invalidRequest('Cannot create a login link for an account that has not completed onboarding.', 'account');
  }
  const token = randomToken(32);
  sb.store.internal.loginLinks[token] = account.id;
  return { object: 'login_link', created: sb.clock.nowSec(), url: `${sb.baseUrl()}/express/${token}` };
}

export function accountRoutes(router: Router): void {
  router
    .post('/v1/accounts', ({ sandbox, params }) => createAccount(sandbox, params))
    .get('/v1/accounts', ({ sandbox, params }) => listResponse(sandbox.store.accounts.list(null), params.only(LIST_PARAMS), '/v1/accounts'))
    .get('/v1/accounts/:id', ({ sandbox, path, params }) => {
      params.only([]);
      return sandbox.store.accounts.get(path['id']!, null);
    })
    .post('/v1/accounts/:id', ({ sandbox, path, params }) => updateAccount(sandbox, sandbox.store.accounts.get(path['id']!, null), params))
    .post('/v1/account_links', ({ sandbox, params }) => createAccountLink(sandbox, params))
    .post('/v1/accounts/:id/login_links', ({ sandbox, path, params }) => {
      params.only([]);
      return createLoginLink(sandbox, sandbox.store.accounts.get(path['id']!, null));
    })
    .get('/v1/balance', ({ sandbox, params, owner }) => {
      params.only([]);
      return balanceObject(sandbox, owner);
    });
}
