import type { EntityManager } from '@mikro-orm/postgresql';

/** The projection's tables, qualified by the schema of the service the EntityManager belongs to. */
export function grantTables(em: EntityManager): { location: string; partner: string; partnerLocation: string } {
  const schema = em.config.get('schema') ?? 'public';
  return {
    location: `"${schema}"."access_location"`,
    partner: `"${schema}"."access_partner"`,
    partnerLocation: `"${schema}"."access_partner_location"`,
  };
}
