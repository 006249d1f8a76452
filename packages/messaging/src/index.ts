export { Headers } from './nats/headers.js';
export { connectNats, type NatsConnectionOptions } from './nats/connect-nats.js';
export { ensureStreams, DUPLICATE_WINDOW_MS } from './nats/ensure-streams.js';
export { currentMessageContext, runInMessageContext, type MessageContext } from './message-context.js';
export { buildEnvelope, type EnvelopeOptions } from './events/build-envelope.js';
export { EventPublisher } from './events/event-publisher.js';
export { natsConsumerName } from './events/durable-name.js';
export {
  EventConsumers,
  eventHandler,
  type ConsumerOptions,
  type EventContext,
  type EventHandlerRegistration,
} from './events/event-consumers.js';
export { OutboxMessage, OutboxMessageSchema } from './outbox/outbox-message.entity.js';
export { recordEvent } from './outbox/outbox.js';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay.js';
export { OutboxWrittenSubscriber } from './outbox/outbox-written.subscriber.js';
export { MessagingTablesMigration } from './outbox/messaging-tables.migration.js';
export { InboxEntry, InboxEntrySchema } from './inbox/inbox-entry.entity.js';
export { claimInbox } from './inbox/claim-inbox.js';
export { RpcClient, type RequestOptions } from './rpc/rpc-client.js';
export { RpcFailure } from './rpc/rpc-failure.js';
export { RpcResponder, requestHandler, type RequestContext, type RequestHandlerRegistration } from './rpc/rpc-responder.js';
export { OnEvent, OnRequest } from './transport/decorators.js';
export { NatsTransport, type NatsTransportOptions } from './transport/nats-transport.js';
export { MessagingModule, NATS_CONNECTION, type MessagingModuleOptions } from './transport/messaging.module.js';

/** The entities every service with a database registers, so the outbox and inbox share its transactions. */
import { InboxEntry } from './inbox/inbox-entry.entity.js';
import { OutboxMessage } from './outbox/outbox-message.entity.js';
export const messagingEntities = [OutboxMessage, InboxEntry];
