import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AUTO_SEND_MIN_CONFIDENCE,
  AUTO_SENDABLE_INTENTS,
  outboundLimits,
  type AutoSendSettings,
  type DraftResult,
  type EventOf,
  type ReplyDraftCompleted,
  type TenantIntent,
} from '@pm/contracts';
import { RepliesRepository } from '../replies/replies.repository.js';
import { table } from '../routing/routing-tables.js';

/**
 * Auto-send: the owner's per-location, per-intent permission to send the AI's answer without an approval (off unless
 * turned on), and the decision, taken in the transaction that stores the draft. A draft goes out on its own only when
 * all of this holds: its intent is allowed at the location; it is ready, not urgent, not flagged for the manager; it
 * answers from the knowledge base (`cited-answer` or `model-reply` with at least one source) with confidence at least
 * AUTO_SEND_MIN_CONFIDENCE; it is the current version of the session's newest message, still waiting; it fits the
 * channel. It is then sent exactly as a person's reply is, with purpose `auto_reply` and no actor, once per draft.
 */
@Injectable()
export class AutoSendRepository {
  private readonly logger = new Logger('AutoSend');

  constructor(private readonly replies: RepliesRepository) {}

  async settings(em: EntityManager, locationId: string): Promise<AutoSendSettings> {
    const rows = await em.execute<{ intent: TenantIntent; enabled: boolean }[]>(`select intent, enabled from ${table(em, 'auto_send_setting')} where location_id = ?`, [locationId]);
    const enabled = new Map(rows.map((row) => [row.intent, row.enabled]));
    return {
      location_id: locationId,
      intents: AUTO_SENDABLE_INTENTS.map((intent) => ({ intent, enabled: enabled.get(intent) ?? false })),
      min_confidence: AUTO_SEND_MIN_CONFIDENCE,
    };
  }

  async update(em: EntityManager, scope: { locationId: string; accountId: string }, intents: readonly { intent: TenantIntent; enabled: boolean }[], userId: string, now = new Date()): Promise<void> {
    for (const { intent, enabled } of intents) {
      await em.execute(
        `insert into ${table(em, 'auto_send_setting')} (location_id, account_id, intent, enabled, updated_by, updated_at) values (?, ?, ?, ?, ?, ?)
         on conflict (location_id, intent) do update set enabled = excluded.enabled, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        [scope.locationId, scope.accountId, intent, enabled, userId, now],
        'run',
      );
    }
  }

  /** After the draft named by the completion was filled (in the same transaction): sends it when everything allows it. */
  async consider(em: EntityManager, event: EventOf<typeof ReplyDraftCompleted>): Promise<boolean> {
    const { data } = event;
    const draft = data.status === 'ready' ? data.draft : null;
    if (!draft || !qualifies(draft)) return false;
    const [target] = await em.execute<{ session_id: string; channel: 'sms' | 'email'; location_id: string; enabled: boolean; current: boolean; newest: boolean; waiting: boolean }[]>(
      `select m.session_id, m.channel, m.location_id,
              coalesce((select a.enabled from ${table(em, 'auto_send_setting')} a where a.location_id = m.location_id and a.intent = ?), false) as enabled,
              (select d.id from ${table(em, 'message_draft')} d where d.message_id = m.id order by d.version desc limit 1) = ?::uuid as current,
              not exists (select 1 from ${table(em, 'message')} n where n.session_id = m.session_id and n.direction = 'inbound' and n.status = 'received'
                           and (n.received_at, n.id) > (m.received_at, m.id)) as newest,
              m.replied_at is null and m.archived_at is null as waiting
         from ${table(em, 'message')} m where m.id = ? and m.direction = 'inbound' and m.status = 'received'`,
      [draft.intent, data.draftId, data.messageId],
    );
    if (!target?.enabled || !target.current || !target.newest || !target.waiting) return false;
    if (target.channel === 'sms' && draft.reply.length > outboundLimits.smsBody) return false;
    const deliveryId = await this.replies.reply(em, {
      sessionId: target.session_id,
      channel: target.channel,
      text: draft.reply.trim(),
      purpose: 'auto_reply',
      actor: null,
      dedupeKey: `auto-reply:${data.draftId}`,
    });
    if (deliveryId) this.logger.log({ draftId: data.draftId, deliveryId, intent: draft.intent }, 'auto-sent an answer the owner allowed');
    return deliveryId !== null;
  }
}

function qualifies(draft: DraftResult): boolean {
  return (
    !draft.urgent &&
    !draft.flaggedForManager &&
    draft.intent !== 'emergency' &&
    (draft.outcome === 'cited-answer' || draft.outcome === 'model-reply') &&
    draft.sources.length > 0 &&
    draft.confidence >= AUTO_SEND_MIN_CONFIDENCE &&
    draft.reply.trim() !== ''
  );
}
