// POST /customers, GET /customers/{customer_id}, GET /customers (by id, email, status, search). An email is one
// customer: creating a second with it is 409 customer_already_exists naming the first, as on Paddle.
import { required } from '../http/api.js';
import type { FieldReader } from '../http/fields.js';
import { listPage, readPaging, within } from '../http/list.js';
import { PaddleApiError } from '../http/paddle-error.js';
import type { Router } from '../http/router.js';
import type { SandboxContext } from '../sandbox-context.js';
import { newId } from '../state/ids.js';
import type { CustomerObject } from '../wire/objects.js';

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewCustomer {
  email: string;
  name?: string | null;
  customData?: Record<string, unknown> | null;
  locale?: string;
}

export function readNewCustomer(body: FieldReader): NewCustomer | undefined {
  const email = body.string('email', { required: true, max: 320, pattern: EMAIL, patternMessage: 'must be a valid email address' });
  const name = body.string('name', { max: 1024 });
  const customData = body.customData('custom_data');
  const locale = body.string('locale', { pattern: /^[a-z]{2}(-[A-Z]{2})?$/, patternMessage: 'must be a locale such as en or en-US' });
  return email === undefined ? undefined : { email, name: name ?? null, customData: customData ?? null, ...(locale ? { locale } : {}) };
}

export function findCustomerByEmail(sb: SandboxContext, email: string): CustomerObject | undefined {
  const wanted = email.toLowerCase();
  return sb.store.customers.all().find((c) => c.email.toLowerCase() === wanted);
}

export function createCustomer(sb: SandboxContext, input: NewCustomer): CustomerObject {
  const existing = findCustomerByEmail(sb, input.email);
  if (existing) throw new PaddleApiError(409, 'customer_already_exists', `customer email conflicts with customer of id ${existing.id}`, [], 'customers');
  const now = sb.clock.nowIso();
  const customer = sb.store.customers.add({
    id: newId('ctm', sb.clock.nowMs()),
    name: input.name ?? null,
    email: input.email,
    marketing_consent: false,
    status: 'active',
    custom_data: input.customData ?? null,
    locale: input.locale ?? 'en',
    created_at: now,
    updated_at: now,
    import_meta: null,
  });
  sb.events.emit('customer.created', customer);
  return customer;
}

export function customerRoutes(router: Router): void {
  router.add('POST', '/customers', ({ sb, body }) => {
    const input = readNewCustomer(body);
    body.done();
    return { status: 201, data: createCustomer(sb, input!) };
  });
  router.add('GET', '/customers/{customer_id}', ({ sb, path, query }) => {
    query.done();
    return { data: required(sb.store.customers.find(path['customer_id']!), path['customer_id']!) };
  });
  router.add('GET', '/customers', (request) => {
    const { sb, query } = request;
    const ids = query.list('id');
    const emails = query.list('email')?.map((e) => e.toLowerCase());
    const status = query.listOf('status', ['active', 'archived']);
    const search = query.string('search')?.toLowerCase();
    const paging = readPaging(query);
    query.done();
    const customers = sb.store.customers
      .all()
      .filter(
        (c) =>
          within(ids, c.id) &&
          within(emails, c.email.toLowerCase()) &&
          within(status, c.status) &&
          (!search || c.email.toLowerCase().includes(search) || (c.name ?? '').toLowerCase().includes(search) || c.id === search),
      );
    return listPage(request, customers, paging);
  });
}
