import { z } from 'zod';
import { DraftStatusSchema } from './drafts.js';

const timestamp = z.iso.datetime();
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/**
 * The position of an entry in one thread's export. A thread's export is one NATS reply (at most 1 MB), so it never
 * holds more than this many entries. The texts of an entry are copied from stored rows whose bounds the inbound and
 * draft contracts set; they are not bounded again here, so an export can never refuse what was stored.
 */
const entrySeq = z.number().int().positive().max(1_000_000);

/** The hash the chain starts from: 64 zeros (the first entry's `previous_hash`). */
export const THREAD_EXPORT_GENESIS_HASH = '0'.repeat(64);
export const THREAD_EXPORT_FORMAT = 'pm-thread-export/v1';

/** How anyone checks an export, with nothing but a SHA-256 tool: written into every export (JSON and PDF). */
export const THREAD_EXPORT_VERIFICATION =
  'Each entry carries previous_hash and hash. hash = SHA-256 (hex) of previous_hash followed by the canonical JSON of the entry ' +
  'without its previous_hash and hash fields (object keys sorted by Unicode code point at every level, no whitespace, ' +
  'strings and numbers as JSON.stringify writes them). The first entry\'s previous_hash is the genesis hash (64 zeros); ' +
  'each later entry\'s previous_hash is the hash of the entry before it; final_hash is the hash of the last entry ' +
  '(the genesis hash for an empty thread). Recompute the chain from the first entry: any changed, removed, added or ' +
  'reordered entry gives a different hash from that entry on.';

const AuditRecordSchema = z.object({
  action: z.string(),
  /** The user who acted; null for the system (an auto-send, a notification, the dispatcher). */
  actor: z.string().nullable(),
  at: timestamp,
  draft_id: z.string().nullable(),
  delivery_id: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});

const chained = { previous_hash: sha256Hex, hash: sha256Hex };

/** One message of the thread with what became of it: its draft versions, who approved what, and its delivery. */
export const ThreadExportMessageEntrySchema = z.object({
  kind: z.literal('message'),
  seq: entrySeq,
  message_id: z.string(),
  at: timestamp,
  channel: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  role: z.string(),
  sender: z.object({ name: z.string().nullable(), address: z.string() }),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  attachments: z.array(z.object({ name: z.string(), content_type: z.string().nullable(), url: z.string().nullable() })),
  /** Every version of the AI draft and the team's edits, oldest first (`edited_by`: who wrote an `edit`). */
  draft_versions: z.array(
    z.object({
      version: z.number().int().positive().max(1_000_000),
      origin: z.enum(['ai', 'regenerate', 'edit']),
      status: DraftStatusSchema,
      reply: z.string().nullable(),
      urgent: z.boolean(),
      requested_by: z.string().nullable(),
      edited_by: z.string().nullable(),
      created_at: timestamp,
      completed_at: timestamp.nullable(),
    }),
  ),
  /** The audit trail of this message (approvals, auto-sends, notifications, deliveries), oldest first. */
  audit: z.array(AuditRecordSchema),
  /** Every send that answers or is this message, with its state at export time. */
  deliveries: z.array(
    z.object({
      id: z.string(),
      purpose: z.string(),
      channel: z.string(),
      to: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      provider: z.string().nullable(),
      created_at: timestamp,
      sent_at: timestamp.nullable(),
      last_error: z.string().nullable(),
    }),
  ),
  ...chained,
});

/** An action on the whole thread (an archive), from the audit trail. */
export const ThreadExportSessionEntrySchema = z.object({
  kind: z.literal('session_event'),
  seq: entrySeq,
  at: timestamp,
  record: AuditRecordSchema,
  ...chained,
});

export const ThreadExportEntrySchema = z.discriminatedUnion('kind', [ThreadExportMessageEntrySchema, ThreadExportSessionEntrySchema]);
export type ThreadExportEntry = z.infer<typeof ThreadExportEntrySchema>;

/**
 * "A thread the owner can prove": one session's messages oldest first, each with its approval record and delivery
 * state, chained by SHA-256 so that a changed or missing entry shows (see `verification`).
 */
export const ThreadExportSchema = z.object({
  format: z.literal(THREAD_EXPORT_FORMAT),
  session: z.object({
    id: z.string(),
    property_location_id: z.string(),
    channel: z.string(),
    tenant: z.object({ id: z.string(), full_name: z.string() }).nullable(),
    from: z.object({ name: z.string().nullable(), address: z.string() }),
    to: z.string(),
    subject: z.string().nullable(),
  }),
  exported_at: timestamp,
  exported_by: z.string(),
  hash_algorithm: z.literal('sha256'),
  genesis_hash: sha256Hex,
  entries: z.array(ThreadExportEntrySchema),
  final_hash: sha256Hex,
  verification: z.string(),
});
export type ThreadExport = z.infer<typeof ThreadExportSchema>;
