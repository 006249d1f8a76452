import { AccessModule } from '@pm/access';
import { FilesModule, fileStoreOptionsFromEnv } from '@pm/files';
import { UseCasesModule, type ServiceDefinition } from '@pm/nest-kit';
import { AutoSendModule } from './auto-send/auto-send.module.js';
import { BulkModule } from './bulk/bulk.module.js';
import { ConversationsModule } from './conversations/conversations.module.js';
import { MessagingConfigModule } from './config/messaging-config.module.js';
import type { MessagingConfig } from './config/messaging-env.js';
import { DraftsModule } from './drafts/drafts.module.js';
import { EmailTemplatesModule } from './email-templates/email-templates.module.js';
import { InboundCallsModule } from './inbound-calls/inbound-calls.module.js';
import { InboundEmailModule } from './inbound-email/inbound-email.module.js';
import type { DNSResolver } from './inbound-email/sender-authentication.js';
import { InboundSmsModule } from './inbound-sms/inbound-sms.module.js';
import { INBOUND_SMS_PATH, InboundSmsWebhook } from './inbound-sms/inbound-sms.webhook.js';
import { InboxModule } from './inbox/inbox.module.js';
import { MessageSession } from './messages/message-session.entity.js';
import { Message } from './messages/message.entity.js';
import { messagingMigrations } from './migrations/index.js';
import { RepliesModule } from './replies/replies.module.js';
import { DirectoryModule } from './directory/directory.module.js';
import { ResidentModule } from './resident/resident.module.js';
import { RoutingModule } from './routing/routing.module.js';
import { SandboxPhoneModule } from './sandbox-phone/sandbox-phone.module.js';
import { ThreadExportModule } from './thread-export/thread-export.module.js';
import { TicketsModule } from './tickets/tickets.module.js';

/** What a test gives the service instead of the outside world: the DNS the inbound e-mail sender checks ask. */
export interface MessagingServiceOptions {
  dnsResolver?: DNSResolver;
}

/**
 * Messaging: tenants' messages in and out. So far: SMS in through the provider's signed webhook, routed to a location
 * by the number called and to a tenant by the sender's phone, from copies of portfolio's events; the inbox read model
 * (inbound messages, sessions and threads, unread counts, read state), each call decided by the shared location
 * access rule over messaging's own grants projection; e-mail in through the SMTP receiver when it is configured;
 * replies, archiving and the Sent lists, every send through the outbox and its dispatcher; calls in through the voice
 * webhooks, answered aloud by the assistant; the thread export; the sandbox phone (local profile);
 * tickets opened by intake triage (urgency and intent rules, no model) and by drafts, with the location's emergency contacts notified through the outbox at once
 * (partners, users and locations known from a directory copied from their contexts' events).
 */
export function messagingService(config?: MessagingConfig, options: MessagingServiceOptions = {}): ServiceDefinition {
  return {
    name: config?.DATABASE_SCHEMA ?? 'messaging',
    context: 'messaging',
    entities: [Message, MessageSession],
    migrations: messagingMigrations,
    // Without a configuration (migrations only) no feature is loaded.
    features: config
      ? [
          MessagingConfigModule.forRoot(config),
          AccessModule.forConsumer('messaging'),
          RoutingModule,
          DirectoryModule,
          DraftsModule,
          InboundSmsModule,
          // MinIO keeps raw inbound mail (the receiver requires it) and the attachments of sends (optional without it).
          ...(config.MINIO_ENDPOINT ? [FilesModule.forRoot(fileStoreOptionsFromEnv(minioSettings(config)))] : []),
          // E-mail in: the SMTP receiver (with a port) and the providers' webhook (with its secret) share one pipeline.
          ...(config.SMTP_INBOUND_PORT === undefined && config.EMAIL_INBOUND_WEBHOOK_SECRET === undefined ? [] : [InboundEmailModule.forRoot({ dnsResolver: options.dnsResolver })]),
          RepliesModule,
          EmailTemplatesModule,
          InboundCallsModule,
          UseCasesModule.discover(import.meta.dirname, {
            imports: [InboxModule, InboundSmsModule, DraftsModule, RepliesModule, AutoSendModule, InboundCallsModule, ThreadExportModule, SandboxPhoneModule, TicketsModule, ResidentModule, ConversationsModule, EmailTemplatesModule, BulkModule],
          }),
        ]
      : [],
    // The provider's SMS webhook is answered ahead of the framework: the platform's busiest write (see its class).
    rawRoutes: config ? [{ path: INBOUND_SMS_PATH, handler: InboundSmsWebhook }] : [],
  };
}

/** The MinIO settings, required by the env schema whenever e-mail in (the SMTP receiver or the webhook) is configured. */
function minioSettings(config: MessagingConfig): Parameters<typeof fileStoreOptionsFromEnv>[0] {
  const { MINIO_ENDPOINT, MINIO_ACCESS_KEY, MINIO_SECRET_KEY, MINIO_BUCKET } = config;
  if (!MINIO_ENDPOINT || !MINIO_ACCESS_KEY || !MINIO_SECRET_KEY || !MINIO_BUCKET) throw new Error('MINIO_ENDPOINT, MINIO_ACCESS_KEY, MINIO_SECRET_KEY and MINIO_BUCKET go together');
  return { MINIO_ENDPOINT, MINIO_ACCESS_KEY, MINIO_SECRET_KEY, MINIO_BUCKET, MINIO_USE_SSL: config.MINIO_USE_SSL ?? false, MINIO_PUBLIC_URL: config.MINIO_PUBLIC_URL };
}
