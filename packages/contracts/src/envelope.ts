import { z } from 'zod';
import type { DataOf, EventContract } from './define.js';

/** UUIDv7: time-ordered, so outbox rows and event ids sort by creation. */
export const EventIdSchema = z.uuid({ version: 'v7' });

export const ActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.string().min(1), accountId: z.string().min(1).optional() }),
  z.object({ kind: z.literal('anonymous'), userId: z.string().min(1) }),
  z.object({ kind: z.literal('system'), name: z.string().min(1) }),
]);
export type Actor = z.infer<typeof ActorSchema>;

/** The metadata every event carries, besides its data. */
export const EventMetadataSchema = z.object({
  id: EventIdSchema,
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
  actor: ActorSchema,
});
export type EventMetadata = z.infer<typeof EventMetadataSchema>;

export const EventEnvelopeSchema = EventMetadataSchema.extend({ data: z.unknown() });
export type EventEnvelope<Data = unknown> = EventMetadata & { data: Data };

/** The envelope of one contract, with its data parsed against the contract's schema. */
export type EventOf<C extends EventContract> = EventEnvelope<DataOf<C>>;

function buildEnvelopeSchema<C extends EventContract>(contract: C) {
  return EventMetadataSchema.extend({
    type: z.literal(contract.type),
    version: z.literal(contract.version),
    data: contract.data,
  });
}

// One schema per contract, built on first use: every event published or consumed is parsed by it, and zod compiles
// a schema's parser on its first parse, so a schema built per call paid that compilation on every event.
const envelopeSchemas = new WeakMap<EventContract, ReturnType<typeof buildEnvelopeSchema>>();

export function envelopeSchemaOf<C extends EventContract>(contract: C): ReturnType<typeof buildEnvelopeSchema<C>> {
  let schema = envelopeSchemas.get(contract);
  if (!schema) envelopeSchemas.set(contract, (schema = buildEnvelopeSchema(contract)));
  return schema as ReturnType<typeof buildEnvelopeSchema<C>>;
}
