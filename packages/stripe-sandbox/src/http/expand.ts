// `expand[]=payment_intent`, `expand[]=payment_intent.latest_charge`, `expand[]=data.customer` on lists: ids in
// the answer replaced by the objects they name. A field that holds no id cannot be expanded, as on Stripe.
import { invalidRequest } from './stripe-error.js';

export type ExpandResolver = (parent: Record<string, unknown>, field: string) => unknown;

const MAX_DEPTH = 4;

export function applyExpansions(body: object, paths: string[], resolve: ExpandResolver): object {
  const result = structuredClone(body) as Record<string, unknown>;
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > MAX_DEPTH) {
      throw invalidRequest(`You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`, 'expand');
    }
    expandAt(result, segments, path, resolve);
  }
  return result;
}

function expandAt(node: Record<string, unknown>, segments: string[], path: string, resolve: ExpandResolver): void {
  const [field, ...rest] = segments;
  if (field === undefined) return;
  if (node['object'] === 'list' && field === 'data' && Array.isArray(node['data'])) {
    if (rest.length === 0) throw cannotExpand(path);
    for (const item of node['data'] as Record<string, unknown>[]) expandAt(item, rest, path, resolve);
    return;
  }
  let value = node[field];
  if (typeof value === 'string' || value === undefined) {
    const resolved = resolve(node, field);
    if (resolved === undefined) throw cannotExpand(path);
    value = structuredClone(resolved);
    node[field] = value;
  }
  if (value === null) return;
  if (typeof value !== 'object' || !('id' in value)) throw cannotExpand(path);
  if (rest.length > 0) {
    if (typeof value !== 'object') throw cannotExpand(path);
    expandAt(value as Record<string, unknown>, rest, path, resolve);
  }
}

const cannotExpand = (path: string) => invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
