import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AiRuntime } from '@pm/ai';
import type { KnowledgeKind } from '../knowledge/knowledge-copy.js';

export interface RetrievedItem {
  kind: KnowledgeKind;
  /** Portfolio's id of the Q&A item or rule. */
  sourceId: string;
  title: string;
  body: string;
  /** The hybrid score the ranking and the relevance threshold use: semantic + LEXICAL_WEIGHT × lexical. */
  score: number;
  /** Cosine similarity of the message and the passage (MiniLM vectors are normalised), 0 for an item without one. */
  semantic: number;
  /** PostgreSQL's ts_rank_cd of the passage for any of the message's words, scaled to 0..1 (normalisation 32). */
  lexical: number;
}

export interface Retrieval {
  /** The top k items, best first, whatever their score. */
  hits: RetrievedItem[];
  /** The hits at or above the threshold: what a reply may use. Empty means the knowledge base does not cover it. */
  relevant: RetrievedItem[];
}

/**
 * Lexical evidence is a bonus on top of meaning: MiniLM carries most of the ranking, the stemmed words break its ties
 * and rescue short, keyword-like SMS ("parking??"). Both constants were tuned on the evaluation set
 * (packages/assistant-eval) with `npm run eval:ai`: unrelated questions score below 0.45 there.
 */
export const LEXICAL_WEIGHT = 0.5;
export const RELEVANCE_THRESHOLD = 0.45;

interface IndexedItem {
  kind: KnowledgeKind;
  sourceId: string;
  title: string;
  body: string;
  vector: Float32Array | null;
}

interface LocationIndex {
  version: string;
  items: IndexedItem[];
}

/**
 * Hybrid search over one location's knowledge: PostgreSQL full text (the generated `search` tsvector) plus cosine
 * similarity of the embeddings. The database has no pgvector, so each location's vectors (tens of items) are held in
 * process and reloaded when the location's rows change (their count or newest event stamp, checked on every search,
 * which also keeps replicas correct).
 */
@Injectable()
export class KnowledgeIndex {
  private readonly locations = new Map<string, LocationIndex>();

  constructor(@Inject(AiRuntime) private readonly ai: AiRuntime) {}

  async search(em: EntityManager, locationId: string, query: string, k = 3): Promise<Retrieval> {
    const [items, queryVector, lexical] = await Promise.all([this.itemsOf(em, locationId), this.ai.embeddings.embedQuery(query), this.lexicalRanks(em, locationId, query)]);
    const scored = items.map((item): RetrievedItem => {
      const semantic = item.vector === null ? 0 : dot(item.vector, queryVector);
      const lexicalRank = lexical.get(keyOf(item)) ?? 0;
      return { kind: item.kind, sourceId: item.sourceId, title: item.title, body: item.body, semantic, lexical: lexicalRank, score: semantic + LEXICAL_WEIGHT * lexicalRank };
    });
    scored.sort((a, b) => b.score - a.score || a.sourceId.localeCompare(b.sourceId));
    const hits = scored.slice(0, k);
    return { hits, relevant: hits.filter((hit) => hit.score >= RELEVANCE_THRESHOLD) };
  }

  private async itemsOf(em: EntityManager, locationId: string): Promise<IndexedItem[]> {
    const [state] = await em.execute<{ version: string }[]>(
      `select count(*) || ':' || coalesce(max(stamp), '') as version from ${table(em)} where location_id = ?`,
      [locationId],
    );
    const version = state?.version ?? '';
    const cached = this.locations.get(locationId);
    if (cached?.version === version) return cached.items;
    const rows = await em.execute<{ kind: KnowledgeKind; source_id: string; title: string; body: string; embedding: number[] | null }[]>(
      `select kind, source_id, title, body, embedding from ${table(em)} where location_id = ? and deleted_at is null`,
      [locationId],
    );
    const items = rows.map((row) => ({ kind: row.kind, sourceId: row.source_id, title: row.title, body: row.body, vector: row.embedding === null ? null : Float32Array.from(row.embedding) }));
    this.locations.set(locationId, { version, items });
    return items;
  }

  /** Any of the message's stemmed words (plainto_tsquery ANDs them, which a chatty message almost never satisfies). */
  private async lexicalRanks(em: EntityManager, locationId: string, query: string): Promise<Map<string, number>> {
    const rows = await em.execute<{ kind: KnowledgeKind; source_id: string; rank: number }[]>(
      `with q as (select nullif(regexp_replace(plainto_tsquery('english', ?)::text, ' (&|<->|<\\d+>) ', ' | ', 'g'), '')::tsquery as query)
       select kind, source_id, ts_rank_cd(search, q.query, 32) as rank
         from ${table(em)}, q
        where location_id = ? and deleted_at is null and q.query is not null and search @@ q.query`,
      [query, locationId],
    );
    return new Map(rows.map((row) => [`${row.kind}:${row.source_id}`, Number(row.rank)]));
  }
}

function keyOf(item: { kind: KnowledgeKind; sourceId: string }): string {
  return `${item.kind}:${item.sourceId}`;
}

function dot(a: Float32Array, b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * (b[i] ?? 0);
  return sum;
}

function table(em: EntityManager): string {
  return `"${em.config.get('schema') ?? 'assistant'}"."knowledge_item"`;
}
