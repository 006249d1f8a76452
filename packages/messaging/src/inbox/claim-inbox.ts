import type { EntityManager } from '@mikro-orm/postgresql';
import { InboxEntry } from './inbox-entry.entity.js';

/**
 * Inserts the (consumer, event) pair inside the handler's transaction. Returns false when it was already there:
 * the event was handled and committed before (a redelivery), so the handler must not run again. Because the row
 * commits or rolls back with the handler's own changes, "handled" and "recorded" can never disagree.
 */
export async function claimInbox(em: EntityManager, consumer: string, eventId: string): Promise<boolean> {
  const result = await em
    .createQueryBuilder(InboxEntry)
    .insert({ consumer, eventId, processedAt: new Date() })
    .onConflict(['consumer', 'eventId'])
    .ignore()
    .execute('run');
  return result.affectedRows === 1;
}
