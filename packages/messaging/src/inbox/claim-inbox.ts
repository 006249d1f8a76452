import type { EntityManager } from '@mikro-orm/postgresql';
import { InboxEntry } from './inbox-entry.entity.js';

/**
 * Inserts the (consumer, event) pairs inside the handler's transaction and returns the event ids that were not there
 * yet. An id left out was handled and committed before (a redelivery), so its handler must not run again. Because
 * the rows commit or roll back with the handler's own changes, "handled" and "recorded" can never disagree. One
 * statement for any number of events.
 */
export async function claimInbox(em: EntityManager, consumer: string, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const inbox = `"${em.config.get('schema') ?? 'public'}"."${em.getMetadata().get(InboxEntry).tableName}"`;
  const processedAt = new Date();
  const claimed = await em.execute<{ event_id: string }[]>(
    `insert into ${inbox} ("consumer", "event_id", "processed_at") values ${eventIds.map(() => '(?, ?, ?)').join(', ')}
     on conflict ("consumer", "event_id") do nothing returning "event_id"`,
    eventIds.flatMap((eventId) => [consumer, eventId, processedAt]),
  );
  return new Set(claimed.map((row) => row.event_id));
}
