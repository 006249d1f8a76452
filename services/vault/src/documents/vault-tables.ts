import type { EntityManager } from '@mikro-orm/postgresql';

/** A table of the vault's schema (the service's own, or a test schema), quoted for SQL. */
export function table(em: EntityManager, name: 'folder' | 'document' | 'document_page' | 'document_tag' | 'document_extraction' | 'staged_file' | (string & {})): string {
  const schema = em.config.get('schema') ?? 'vault';
  return `"${schema}"."${name}"`;
}

/**
 * A PostgreSQL array literal for a `?::text[]` / `?::uuid[]` parameter (the driver would spread a JS array into a list
 * of parameters). Every value is quoted and escaped, so ids from requests cannot change the literal's shape.
 */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
