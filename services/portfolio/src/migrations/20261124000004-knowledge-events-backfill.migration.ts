import { Migration } from '@mikro-orm/migrations';

/**
 * Announces the Q&A items and rules that exist already with a "created" event each (QuestionCreated, RuleCreated),
 * written to the outbox like any change's event, so the assistant's copy of the knowledge starts complete; from here
 * on every change records its own event. Event ids are UUIDv7 made in SQL (millisecond time, version and variant
 * bits over random bytes), as buildEnvelope makes them; the envelopes follow the contracts' schemas.
 */
export class KnowledgeEventsBackfillMigration extends Migration {
  override name = '20261124000004_knowledge_events_backfill';

  override up(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    const uuidv7 = `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;
    const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const envelope = (type: string, data: string) => `jsonb_build_object(
        'id', e.id, 'type', '${type}', 'version', 1, 'occurredAt', ${iso('now()')}, 'correlationId', e.id::text,
        'causationId', null, 'actor', jsonb_build_object('kind', 'system', 'name', 'portfolio'), 'data', ${data})`;
    const scope = `'locationId', l.id::text, 'accountId', l.account_id, 'ownerUserId', l.owner_user_id`;
    this.addSql(`insert into "${s}"."outbox" (id, subject, envelope, created_at)
      select e.id, 'pm.portfolio.question.created.v1', ${envelope('portfolio.question.created', `jsonb_build_object(${scope},
        'questionId', e.item_id::text, 'question', e.question, 'answer', e.answer, 'changedAt', ${iso('e.updated_at')})`)}, now()
      from (select ${uuidv7} as id, q.id as item_id, q.property_location_id, q.question, q.answer, q.updated_at
              from "${s}"."question" q order by q.created_at, q.id) e
      join "${s}"."property_location" l on l.id = e.property_location_id`);
    this.addSql(`insert into "${s}"."outbox" (id, subject, envelope, created_at)
      select e.id, 'pm.portfolio.rule.created.v1', ${envelope('portfolio.rule.created', `jsonb_build_object(${scope},
        'ruleId', e.item_id::text, 'description', e.description, 'expectedOutput', e.expected_output, 'changedAt', ${iso('e.updated_at')})`)}, now()
      from (select ${uuidv7} as id, r.id as item_id, r.property_location_id, r.description, r.expected_output, r.updated_at
              from "${s}"."rule" r order by r.created_at, r.id) e
      join "${s}"."property_location" l on l.id = e.property_location_id`);
  }

  override down(): void {
    // The events may have been published and consumed already; there is nothing to take back.
  }
}
