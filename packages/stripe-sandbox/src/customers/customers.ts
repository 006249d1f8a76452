import { LIST_PARAMS, listResponse } from '../http/list.js';
import { mergeMetadata, Params } from '../http/params.js';
import type { Router } from '../http/router.js';
import { invalidRequest } from '../http/stripe-error.js';
import type { SandboxContext } from '../sandbox-context.js';
import { newId, randomToken } from '../state/ids.js';
import type { Owner } from '../state/store.js';
import { changedFields } from '../webhooks/event-log.js';
import type { CustomerObject } from '../wire/objects.js';
import { attachPaymentMethod, resolvePaymentMethod } from './payment-methods.js';

const CUSTOMER_FIELDS = ['email', 'name', 'phone', 'description', 'metadata', 'invoice_settings'] as const;

/** Creates a customer and sends customer.created; `init` fills fields before the event is made. */
export function createCustomer(
  sb: SandboxContext,
  fields: { email?: string | null; name?: string | null; metadata?: Record<string, string> },
  owner: Owner,
  init: (customer: CustomerObject) => void = () => {},
): CustomerObject {
  const customer: CustomerObject = {
    id: newId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: sb.clock.nowSec(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: fields.email ?? null,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name ?? null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
  };
  init(customer);
  sb.store.customers.insert(customer, owner);
  sb.events.emit('customer.created', customer, owner);
  return customer;
}

function withoutKey(params: Params, key: string): Params {
  const { [key]: _omitted, ...rest } = params.map;
  return new Params(rest);
}

function applyFields(sb: SandboxContext, customer: CustomerObject, params: Params, owner: Owner): void {
  for (const key of ['email', 'name', 'phone', 'description'] as const) {
    const value = params.nullableString(key);
    if (value !== undefined) customer[key] = value;
  }
  const metadata = params.metadata();
  if (metadata) customer.metadata = mergeMetadata(customer.metadata, metadata);
  const settings = params.child('invoice_settings')?.only(['default_payment_method']);
  const pmId = settings?.nullableString('default_payment_method');
  if (pmId === null) customer.invoice_settings.default_payment_method = null;
  else if (pmId) {
    const pm = sb.store.paymentMethods.get(pmId, owner, 'invoice_settings[default_payment_method]');
    if (pm.customer !== customer.id) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
        'invoice_settings[default_payment_method]',
        'resource_missing',
      );
    }
    customer.invoice_settings.default_payment_method = pmId;
  }
}

export function customerRoutes(router: Router): void {
  router
    .post('/v1/customers', ({ sandbox, params, owner }) => {
      params.only([...CUSTOMER_FIELDS, 'payment_method']);
      const settings = params.child('invoice_settings');
      const customer = createCustomer(sandbox, {}, owner, (c) => applyFields(sandbox, c, withoutKey(params, 'invoice_settings'), owner));
      const pmId = params.string('payment_method');
      if (pmId) attachPaymentMethod(sandbox, resolvePaymentMethod(sandbox, pmId, owner, 'payment_method'), customer.id, owner);
      if (settings) {
        const before = structuredClone(customer);
        applyFields(sandbox, customer, params, owner);
        sandbox.events.emit('customer.updated', customer, owner, changedFields(before, customer));
      }
      return customer;
    })
    .get('/v1/customers', ({ sandbox, params, owner }) => {
      params.only([...LIST_PARAMS, 'email']);
      const email = params.string('email');
      return listResponse(sandbox.store.customers.list(owner, (c) => !email || c.email === email), params, '/v1/customers');
    })
    .get('/v1/customers/:id', ({ sandbox, path, params, owner }) => {
      params.only([]);
      return sandbox.store.customers.get(path['id']!, owner);
    })
    .post('/v1/customers/:id', ({ sandbox, path, params, owner }) => {
      params.only([...CUSTOMER_FIELDS]);
      const customer = sandbox.store.customers.get(path['id']!, owner);
      const before = structuredClone(customer);
      applyFields(sandbox, customer, params, owner);
      const changed = changedFields(before, customer);
      if (Object.keys(changed).length > 0) sandbox.events.emit('customer.updated', customer, owner, changed);
      return customer;
    })
    .get('/v1/customers/:id/payment_methods', ({ sandbox, path, params, owner }) => {
      params.only([...LIST_PARAMS, 'type']);
      const customer = sandbox.store.customers.get(path['id']!, owner);
      const type = params.string('type');
      return listResponse(
        sandbox.store.paymentMethods.list(owner, (pm) => pm.customer === customer.id && (!type || pm.type === type)),
        params,
        `/v1/customers/${customer.id}/payment_methods`,
      );
    })
    .get('/v1/payment_methods/:id', ({ sandbox, path, params, owner }) => {
      params.only([]);
      return sandbox.store.paymentMethods.get(path['id']!, owner);
    })
    .post('/v1/payment_methods/:id/attach', ({ sandbox, path, params, owner }) => {
      params.only(['customer']);
      const customerId = params.requiredString('customer');
      sandbox.store.customers.get(customerId, owner, 'customer');
      const pm = resolvePaymentMethod(sandbox, path['id']!, owner, 'id');
      if (pm.customer && pm.customer !== customerId) {
        throw invalidRequest('The payment method you provided has already been attached to a customer.', undefined, 'payment_method_unexpected_state');
      }
      attachPaymentMethod(sandbox, pm, customerId, owner);
      return pm;
    });
}
