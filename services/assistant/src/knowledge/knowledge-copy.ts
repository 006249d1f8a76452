import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { KnowledgeItem } from './knowledge-item.entity.js';

export type KnowledgeKind = KnowledgeItem['kind'];

/** An item's state as an event carries it. */
export interface KnowledgeItemState {
  kind: KnowledgeKind;
  sourceId: string;
  locationId: string;
  accountId: string;
  title: string;
  body: string;
  changedAt: string;
}

/**
 * Applies portfolio's knowledge events to the assistant's copy. Created, updated and deleted have a durable consumer
 * each, so the events of one item may arrive in any order: every row keeps the id of the event it reflects
 * (`stamp`, UUIDv7, time-ordered, as the grants projection does) and only a later event overwrites it. A delete is
 * final (portfolio never reuses an id): it wins over any update, whenever that update arrives.
 */
@Injectable()
export class KnowledgeCopy {
  /**
   * `embedding` is the passage's vector (see passageOf), computed before the write so a row's text and vector always
   * come from the same event; null when the embedding model is unavailable (the item is then found by full text only
   * until it changes again).
   */
  async save(em: EntityManager, state: KnowledgeItemState, stamp: string, embedding: readonly number[] | null): Promise<void> {
    await em.execute(
      `insert into ${table(em)} (kind, source_id, location_id, account_id, title, body, text, updated_at, deleted_at, stamp, embedding)
       values (?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?::real[])
       on conflict (kind, source_id) do update
         set location_id = excluded.location_id, account_id = excluded.account_id, title = excluded.title,
             body = excluded.body, text = excluded.text, updated_at = excluded.updated_at, stamp = excluded.stamp,
             embedding = excluded.embedding
       where ${table(em)}.deleted_at is null and ${table(em)}.stamp <= excluded.stamp`,
      [state.kind, state.sourceId, state.locationId, state.accountId, state.title, state.body, passageOf(state), state.changedAt, stamp, embedding === null ? null : `{${embedding.join(',')}}`],
      'run',
    );
  }

  async delete(em: EntityManager, item: Omit<KnowledgeItemState, 'title' | 'body'>, stamp: string): Promise<void> {
    await em.execute(
      `insert into ${table(em)} (kind, source_id, location_id, account_id, title, body, text, updated_at, deleted_at, stamp)
       values (?, ?, ?, ?, '', '', '', ?, ?, ?)
       on conflict (kind, source_id) do update
         set title = '', body = '', text = '', embedding = null, updated_at = excluded.updated_at, deleted_at = excluded.deleted_at, stamp = excluded.stamp
       where ${table(em)}.deleted_at is null`,
      [item.kind, item.sourceId, item.locationId, item.accountId, item.changedAt, item.changedAt, stamp],
      'run',
    );
  }

  /** The live items of a location, oldest change first. */
  live(em: EntityManager, locationId: string): Promise<KnowledgeItem[]> {
    return em.find(KnowledgeItem, { locationId, deletedAt: null }, { orderBy: { updatedAt: 'asc', sourceId: 'asc' } });
  }
}

function table(em: EntityManager): string {
  return `"${em.config.get('schema') ?? 'assistant'}"."knowledge_item"`;
}

/** The searched text: a rule reads as the situation and what to do in it, a Q&A item as question and answer. */
export function passageOf(state: Pick<KnowledgeItemState, 'title' | 'body'>): string {
  return `${state.title.trim()}\n${state.body.trim()}`;
}
