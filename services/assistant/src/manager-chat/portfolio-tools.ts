import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ListBuildings,
  ListContacts,
  ListExpiringLeases,
  ListLocationTenants,
  ListLocationUnits,
  ListPartners,
  ROLE_PERMISSIONS,
  type Permission,
  type PropertyLocation,
  type Tenant,
  type Unit,
} from '@pm/contracts';
import { RpcFailure, type RpcClient } from '@pm/messaging';
import type { AnswerFact } from '../answering/index.js';
import type { CalendarDate } from '../drafting/guards/date-resolver.js';
import type { KnowledgeCopy } from '../knowledge/knowledge-copy.js';
import { buildingFacts, contactFacts, knowledgeFacts, leaseFacts, partnerFacts, tenantFacts, totalsFact, unitFacts } from './portfolio-facts.js';

/** What a tool works with: the caller's locations in scope, portfolio (called with the caller's own token), the copy. */
export interface ToolContext {
  locations: readonly PropertyLocation[];
  rpc: RpcClient;
  em: EntityManager;
  knowledge: KnowledgeCopy;
  today: CalendarDate;
  /** What the tools read that totals across locations are computed from. */
  unitsByLocation: Map<string, readonly Unit[]>;
}

/**
 * One way of looking something up about the caller's portfolio. `matches` picks it for a question (keywords over
 * what it covers: a 1.5B model is not a reliable tool caller, code is); `permission` is what the caller's role on a
 * location must allow, so a tool a role cannot use is not even asked (portfolio would refuse it anyway).
 */
export interface PortfolioTool {
  name: string;
  description: string;
  matches: RegExp;
  permission: Permission;
  run(context: ToolContext, location: PropertyLocation): Promise<AnswerFact[]>;
}

const LEASE_WINDOW_DAYS = 90;
/** The tenants a question about tenants is answered from, per location (the totals count every one). */
const TENANTS_PER_LOCATION = 200;

export const portfolioTools: readonly PortfolioTool[] = [
  {
    name: 'buildings',
    description: 'the buildings of each property location and how many units each has',
    matches: /\b(buildings?|towers?|blocks?|structures?|wings?)\b/i,
    permission: 'building:read',
    run: async ({ rpc }, location) => buildingFacts(location, await rpc.request(ListBuildings, { location_id: location.id })),
  },
  {
    name: 'units',
    description: 'units, how many are let or vacant, occupancy and vacancies',
    matches: /\b(units?|apartments?|apts?|flats?|suites?|doors|vacan\w*|empty|occup\w*|let|rented|available|free)\b/i,
    permission: 'unit:read',
    run: async ({ rpc, unitsByLocation }, location) => {
      const units = await rpc.request(ListLocationUnits, { locationId: location.id });
      unitsByLocation.set(location.id, units);
      return unitFacts(location, units);
    },
  },
  {
    name: 'tenants',
    description: 'tenants, their units, contacts, lease dates and rents, and rent totals',
    matches: /\b(tenants?|residents?|renters?|occupants?|lessees?|who (lives|rents)|rents?|income|revenue|paying|pays?|e-?mails?|phones?|numbers?|contacts?|leases?)\b/i,
    permission: 'tenant:read',
    run: async ({ rpc }, location) => {
      const page = await rpc.request(ListLocationTenants, { locationId: location.id, limit: TENANTS_PER_LOCATION });
      return tenantFacts(location, page.items as Tenant[], page.total);
    },
  },
  {
    name: 'leases',
    description: 'leases ending soon, renewals and expiries',
    matches: /\b(leases?|renew\w*|expir\w*|ending|ends?|move[- ]?outs?|notice)\b/i,
    permission: 'lease:read',
    run: async ({ rpc, today }, location) => leaseFacts(location, await rpc.request(ListExpiringLeases, { locationId: location.id, days: LEASE_WINDOW_DAYS }), LEASE_WINDOW_DAYS, today),
  },
  {
    name: 'partners',
    description: 'partners, property managers, admins, vendors, viewers and emergency contacts',
    matches: /\b(partners?|managers?|admins?|vendors?|viewers?|members?|team|staff|emergency|invit\w*|plumbers?|electricians?|who (helps|manages|works))\b/i,
    permission: 'partner:read',
    run: async ({ rpc }, location) => partnerFacts(location, await rpc.request(ListPartners, { location_id: location.id })),
  },
  {
    name: 'contacts',
    description: 'the location contacts: utilities, HOA, service providers',
    matches: /\b(contacts?|call|phone|hoa|utilit\w*|plumbers?|electricians?|providers?|companies|company)\b/i,
    permission: 'contact:read',
    run: async ({ rpc }, location) => contactFacts(location, await rpc.request(ListContacts, { location_id: location.id })),
  },
  {
    name: 'knowledge',
    description: 'the Q&A items and rules tenants are answered with: trash, parking, quiet hours, pets, repairs, rent rules',
    // Knowledge covers whatever the manager wrote down: it is asked for every question (see toolsFor).
    matches: /.^/,
    permission: 'knowledge:read',
    run: async ({ em, knowledge }, location) => knowledgeFacts(location, await knowledge.live(em, location.id)),
  },
];

/**
 * The tools a question needs: those whose keywords it uses, plus the knowledge base (whatever the manager wrote
 * down). A question that names none of them ("what's Jordan's phone?", "tell me about Harbor View") gets every tool:
 * facts are cheap and the answerer ranks them; leaving one out could only make the chat say it does not know.
 */
export function toolsFor(question: string, history: readonly string[] = []): PortfolioTool[] {
  const text = [question, ...history].join('\n');
  const matched = portfolioTools.filter((tool) => tool.matches.test(text));
  if (matched.length === 0) return [...portfolioTools];
  const knowledge = portfolioTools.find((tool) => tool.name === 'knowledge')!;
  return matched.includes(knowledge) ? matched : [...matched, knowledge];
}

/**
 * Runs the tools on every location in scope, each call with the caller's token. A location where the caller's role
 * lacks a tool's permission is skipped for that tool; portfolio refusing anyway (403/404: a grant changed since the
 * list was read) leaves that tool's facts out rather than failing the whole answer.
 */
export async function runTools(tools: readonly PortfolioTool[], context: ToolContext): Promise<AnswerFact[]> {
  const runs = context.locations.flatMap((location) =>
    tools
      .filter((tool) => ROLE_PERMISSIONS[location.access_role].includes(tool.permission))
      .map(async (tool) => {
        try {
          return await tool.run(context, location);
        } catch (error) {
          if (error instanceof RpcFailure && (error.status === 403 || error.status === 404)) return [];
          throw error;
        }
      }),
  );
  const facts = (await Promise.all(runs)).flat();
  const totals = totalsFact(context.locations, context.unitsByLocation);
  return totals ? [...facts, totals] : facts;
}
