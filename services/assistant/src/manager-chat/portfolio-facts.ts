import type { Building, Contact, ExpiringLease, Partner, PropertyLocation, Tenant, Unit } from '@pm/contracts';
import { daysBetween, formatDate, type CalendarDate } from '../drafting/guards/date-resolver.js';
import type { AnswerFact } from '../answering/index.js';
import type { KnowledgeItem } from '../knowledge/knowledge-item.entity.js';

/*
 * Portfolio data → facts the chat may cite. Every count, sum and date is computed here, in code, so the model only
 * has to copy them: a fact is true by construction. Links are the web's routes of the record a chip opens.
 */

const locationPath = (id: string) => `/property-manager/property-locations/${encodeURIComponent(id)}`;
const nameOf = (location: Pick<PropertyLocation, 'name' | 'address_text'>) => location.name.trim() || location.address_text;

const TYPE_LABELS: Record<NonNullable<PropertyLocation['type']>, string> = {
  SINGLE_FAMILY_HOME: 'a single-family home',
  TOWNHOUSE: 'a townhouse',
  CONDO: 'a condo',
  MULTI_UNIT: 'a multi-unit property',
  COMMERCIAL: 'a commercial property',
  ACCESSORY_DWELLING_UNIT: 'an accessory dwelling unit',
  OTHER: 'a property',
};

const ROLE_LABELS: Record<PropertyLocation['access_role'], string> = {
  OWNER: 'owner',
  ADMIN: 'admin',
  MANAGER: 'manager',
  VENDOR: 'vendor',
  MEMBER: 'member',
  VIEWER: 'viewer',
};

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "A, B and C". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function money(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function phone(digits: string): string {
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

export function portfolioFacts(locations: readonly PropertyLocation[]): AnswerFact[] {
  const names = locations.map((location) => `${nameOf(location)} (${location.address_text})`);
  const overview: AnswerFact = {
    id: 'locations:all',
    kind: 'portfolio',
    title: 'Your properties',
    // "Properties" as managers say it, "property locations" as the product names them: both words find this fact.
    text: locations.length === 0 ? 'You have no properties (property locations) yet.' : `You have ${plural(locations.length, 'property', 'properties')} (${locations.length === 1 ? 'property location' : 'property locations'}): ${listOf(names)}.`,
    link: '/property-manager/property-locations',
  };
  return [overview, ...locations.map(locationFact)];
}

function locationFact(location: PropertyLocation): AnswerFact {
  const parts = [`${nameOf(location)} is at ${location.address_text}`];
  if (location.type) parts.push(`it is ${TYPE_LABELS[location.type]}`);
  if (location.declared_units_count !== null) parts.push(`declared with ${plural(location.declared_units_count, 'unit')}`);
  let text = `${parts.join('; ')}. Your role there: ${ROLE_LABELS[location.access_role]}.`;
  text += location.phone ? ` Its phone number is ${phone(location.phone)}.` : ' It has no phone number yet.';
  text += location.email ? ` Its e-mail address is ${location.email}.` : ' It has no e-mail address yet.';
  return { id: `location:${location.id}`, kind: 'location', title: nameOf(location), text, link: locationPath(location.id) };
}

export function buildingFacts(location: PropertyLocation, buildings: readonly Building[]): AnswerFact[] {
  const described = buildings.map((building) => `${building.name} (${plural(building.units_count, 'unit')})`);
  return [
    {
      id: `buildings:${location.id}`,
      kind: 'buildings',
      title: `${nameOf(location)} buildings`,
      text: buildings.length === 0 ? `${nameOf(location)} has no buildings yet.` : `${nameOf(location)} has ${plural(buildings.length, 'building')}: ${listOf(described)}.`,
      link: `${locationPath(location.id)}/buildings`,
    },
  ];
}

export function unitFacts(location: PropertyLocation, units: readonly Unit[]): AnswerFact[] {
  const let_ = units.filter((unit) => unit.tenants_count > 0);
  const vacant = units.filter((unit) => unit.tenants_count === 0);
  let text = `${nameOf(location)} has ${plural(units.length, 'unit')}`;
  if (units.length > 0) text += `, ${let_.length} of them let (with an active tenant) and ${vacant.length} vacant`;
  text += '.';
  if (vacant.length > 0 && vacant.length <= 15) {
    const names = listOf(vacant.map((unit) => `${unit.name} in ${unit.building_name}`));
    text += vacant.length === 1 ? ` The vacant unit is ${names}.` : ` The vacant units are ${names}.`;
  }
  return [{ id: `units:${location.id}`, kind: 'units', title: `${nameOf(location)} units`, text, link: `${locationPath(location.id)}/buildings` }];
}

/** Across every location in scope: the totals a "how many … in all" question needs. */
export function totalsFact(locations: readonly PropertyLocation[], unitsByLocation: ReadonlyMap<string, readonly Unit[]>): AnswerFact | undefined {
  if (locations.length < 2 || unitsByLocation.size === 0) return undefined;
  const units = [...unitsByLocation.values()].flat();
  const let_ = units.filter((unit) => unit.tenants_count > 0).length;
  return {
    id: 'units:all',
    kind: 'units',
    title: 'Units in all your properties',
    text: `Across your ${plural(locations.length, 'property location')} you have ${plural(units.length, 'unit')} in all, ${let_} let and ${units.length - let_} vacant.`,
    link: '/property-manager/property-locations',
  };
}

export function tenantFacts(location: PropertyLocation, tenants: readonly Tenant[], total: number): AnswerFact[] {
  const withRent = tenants.filter((tenant) => tenant.metadata.rent_amount_cents !== null);
  const rent = withRent.reduce((sum, tenant) => sum + tenant.metadata.rent_amount_cents!, 0);
  let summary = `${nameOf(location)} has ${plural(total, 'active tenant')}.`;
  if (withRent.length > 0) summary += ` Their monthly rents add up to ${money(rent)} (${plural(withRent.length, 'tenant')} with a rent on file).`;
  if (tenants.length < total) summary += ` The details below cover the first ${tenants.length}.`;
  const facts: AnswerFact[] = [
    { id: `tenants:${location.id}`, kind: 'tenants', title: `${nameOf(location)} tenants`, text: summary, link: `${locationPath(location.id)}/tenants` },
  ];
  for (const tenant of tenants) {
    const parts = [`${tenant.full_name} is a tenant of ${tenant.unitName} in ${tenant.buildingName} at ${nameOf(location)}.`];
    const { lease_start, lease_end, rent_amount_cents } = tenant.metadata;
    if (lease_start && lease_end) parts.push(`The lease runs from ${formatDate(lease_start, 'en')} to ${formatDate(lease_end, 'en')}.`);
    else if (lease_end) parts.push(`The lease ends on ${formatDate(lease_end, 'en')}.`);
    if (rent_amount_cents !== null) parts.push(`Rent: ${money(rent_amount_cents)} a month.`);
    const emails = tenant.contacts.filter((c) => c.type === 'email').map((c) => c.value);
    const phones = tenant.contacts.filter((c) => c.type === 'phone').map((c) => phone(c.value));
    if (emails.length > 0) parts.push(`E-mail: ${emails.join(', ')}.`);
    if (phones.length > 0) parts.push(`Phone: ${phones.join(', ')}.`);
    if (tenant.is_primary) parts.push('Primary tenant of the unit.');
    facts.push({ id: `tenant:${tenant.id}`, kind: 'tenant', title: tenant.full_name, text: parts.join(' '), link: `/property-manager/tenants/${encodeURIComponent(tenant.id)}` });
  }
  return facts;
}

export function leaseFacts(location: PropertyLocation, leases: readonly ExpiringLease[], windowDays: number, today: CalendarDate): AnswerFact[] {
  const described = leases.map((lease) => {
    const days = daysBetween(today, lease.expiryDate);
    const when = days === 0 ? 'today' : `in ${plural(days, 'day')}`;
    return `${lease.tenantName} (${lease.unitName}, ${lease.buildingName}) on ${formatDate(lease.expiryDate, 'en')}, ${when}`;
  });
  const text =
    leases.length === 0
      ? `No lease at ${nameOf(location)} ends in the next ${windowDays} days.`
      : `${plural(leases.length, 'lease')} at ${nameOf(location)} ${leases.length === 1 ? 'ends' : 'end'} in the next ${windowDays} days: ${listOf(described)}.`;
  return [{ id: `leases:${location.id}`, kind: 'leases', title: `${nameOf(location)} lease renewals`, text, link: '/property-manager/dashboard' }];
}

export function partnerFacts(location: PropertyLocation, partners: readonly Partner[]): AnswerFact[] {
  const described = partners.map((partner) => {
    const name = partner.manager.limitedUser.full_name;
    return `${name} (${partner.role.toLowerCase()}${partner.is_emergency_contact ? ', emergency contact' : ''}${partner.invited_at && !partner.user_id ? ', invitation pending' : ''})`;
  });
  const emergency = partners.filter((partner) => partner.is_emergency_contact);
  let text = partners.length === 0 ? `${nameOf(location)} has no partners.` : `${nameOf(location)} has ${plural(partners.length, 'partner')}: ${listOf(described)}.`;
  if (emergency.length > 0) {
    text += ` Emergency ${emergency.length === 1 ? 'contact' : 'contacts'}: ${listOf(emergency.map((p) => `${p.manager.limitedUser.full_name}${p.manager.limitedUser.phone ? ` at ${phone(p.manager.limitedUser.phone)}` : ''}`))}.`;
  }
  return [{ id: `partners:${location.id}`, kind: 'partners', title: `${nameOf(location)} partners`, text, link: `${locationPath(location.id)}/managers` }];
}

export function contactFacts(location: PropertyLocation, contacts: readonly Contact[]): AnswerFact[] {
  return contacts.map((contact) => {
    const details = contact.details.map((d) => `${d.label ? `${d.label} ` : ''}${d.type === 'phone' ? phone(d.value) : d.value}`);
    const role = contact.role.replace(/_/g, ' ').toLowerCase();
    return {
      id: `contact:${contact.id}`,
      kind: 'contact',
      title: contact.name,
      text: `${contact.name} is a contact (${role}) of ${nameOf(location)}${details.length > 0 ? `: ${details.join(', ')}` : ''}.`,
      link: `${locationPath(location.id)}/contacts`,
    };
  });
}

/** The location's Q&A items and rules, from the assistant's own copy. */
export function knowledgeFacts(location: PropertyLocation, items: readonly KnowledgeItem[]): AnswerFact[] {
  return items.map((item) => ({
    id: `knowledge:${item.sourceId}`,
    kind: 'knowledge',
    title: item.title,
    text: item.kind === 'question' ? `${nameOf(location)} Q&A: ${item.title} ${item.body}` : `${nameOf(location)} rule: when ${item.title}, ${item.body}`,
    link: `${locationPath(location.id)}/${item.kind === 'question' ? 'question-answers' : 'rules'}`,
  }));
}
