import { RpcFailure } from '@pm/messaging';
import type { ContactDetail } from './contact.entity.js';

/** Spec 002 §5: every contact call is made for the selected location. */
export function requireSelectedLocation(locationId: string | null | undefined): string {
  const id = locationId?.trim();
  if (!id) throw RpcFailure.badRequest('No location selected');
  return id;
}

/** "property manager" / "Property-Manager" → PROPERTY_MANAGER; nothing → OTHER (spec 002 §3: roles use underscores). */
export function normaliseRole(role: string | null | undefined): string {
  const value = (role ?? '').trim().toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return value || 'OTHER';
}

/** Details with an empty value are dropped, like a tenant's empty contacts. */
export function cleanDetails(details: readonly { type: ContactDetail['type']; label?: string | null; value: string }[] | null | undefined): ContactDetail[] {
  return (details ?? [])
    .map((d) => ({ type: d.type, label: d.label?.trim() || null, value: d.value.trim() }))
    .filter((d) => d.value !== '');
}

export function requireName(name: string | null | undefined): string {
  const value = name?.trim() ?? '';
  if (!value) throw RpcFailure.badRequest('Name is required');
  return value;
}
