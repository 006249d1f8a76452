export { Headers } from './nats/headers.js';
export { connectNats, type NatsConnectionOptions } from './nats/connect-nats.js';
export { ensureStreams, DUPLICATE_WINDOW_MS } from './nats/ensure-streams.js';
export { currentMessageContext, runInMessageContext, withholdCallerToken, type MessageContext } from './message-context.js';
export { buildEnvelope, type EnvelopeOptions } from './events/build-envelope.js';
export { EventPublisher, type SerializedEnvelope } from './events/event-publisher.js';
export { natsConsumerName } from './events/durable-name.js';
export { EventConsumers, eventHandler, type EventContext, type EventHandlerRegistration } from './events/event-consumers.js';
export { consumerDefaults, redeliverySpanMs, type ConsumerOptions } from './events/consumer-limits.js';
export { OutboxMessage, OutboxMessageSchema } from './outbox/outbox-message.entity.js';
export { recordEvent, outboxRowOf, outboxTableOf, OUTBOX_COLUMNS, type OutboxRow } from './outbox/outbox.js';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay.js';
export { OutboxNotifications, type OutboxWakeUps } from './outbox/outbox-notifications.js';
export { MessagingTablesMigration } from './outbox/messaging-tables.migration.js';
export { OutboxHousekeepingMigration, outboxChannelOf } from './outbox/outbox-housekeeping.migration.js';
export { MessagingTablesPruner, type MessagingTablesPrunerOptions, type PruneResult } from './housekeeping/messaging-tables-pruner.js';
export { inboxRetentionMs, OUTBOX_RETENTION_MS } from './housekeeping/retention-windows.js';
export {
  MaxDeliveriesWatcher,
  maxDeliveriesAdvisoryStream,
  maxDeliveriesAdvisorySubject,
  advisoryConsumerName,
  type MaxDeliveriesAdvisory,
  type WatchedConsumer,
} from './dead-letters/max-deliveries-watcher.js';
export { DeadLetterStore, DeadLetterNotFound, type DeadLetterEntry, type DeadLetterSelection } from './dead-letters/dead-letter-store.js';
export { runDlqCommand } from './dead-letters/dlq-command.js';
export { InboxEntry, InboxEntrySchema } from './inbox/inbox-entry.entity.js';
export { claimInbox } from './inbox/claim-inbox.js';
export { RpcClient, type RequestOptions } from './rpc/rpc-client.js';
export { RpcFailure } from './rpc/rpc-failure.js';
export {
  ServiceTokenProvider,
  type IssueServiceTokenFn,
  type ServiceCredentials,
  type ServiceTokenProviderOptions,
} from './rpc/service-token-provider.js';
export { RpcResponder, requestHandler, type RequestContext, type RequestHandlerRegistration } from './rpc/rpc-responder.js';
export { OnEvent, OnRequest } from './transport/decorators.js';
export { NatsTransport, type NatsTransportOptions } from './transport/nats-transport.js';
export { MessagingModule, NATS_CONNECTION, type MessagingModuleOptions } from './transport/messaging.module.js';

/** The entities every service with a database registers, so the outbox and inbox share its transactions. */
import { InboxEntry } from './inbox/inbox-entry.entity.js';
import { OutboxHousekeepingMigration } from './outbox/outbox-housekeeping.migration.js';
import { MessagingTablesMigration } from './outbox/messaging-tables.migration.js';
import { OutboxMessage } from './outbox/outbox-message.entity.js';
export const messagingEntities = [OutboxMessage, InboxEntry];
/** The migrations of the outbox and inbox, oldest first: every service applies them before its own. */
export const messagingMigrations = [MessagingTablesMigration, OutboxHousekeepingMigration];
