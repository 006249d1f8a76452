import { UseCasesModule, type ServiceDefinition } from '@pm/nest-kit';
import { MessagingConfigModule } from './config/messaging-config.module.js';
import type { MessagingConfig } from './config/messaging-env.js';
import { InboundSmsModule } from './inbound-sms/inbound-sms.module.js';
import { MessageSession } from './messages/message-session.entity.js';
import { Message } from './messages/message.entity.js';
import { messagingMigrations } from './migrations/index.js';
import { RoutingModule } from './routing/routing.module.js';

/**
 * Messaging: tenants' messages in and out. So far: SMS in through the provider's signed webhook, routed to a location
 * by the number called and to a tenant by the sender's phone, from copies of portfolio's events.
 */
export function messagingService(config?: MessagingConfig): ServiceDefinition {
  return {
    name: config?.DATABASE_SCHEMA ?? 'messaging',
    context: 'messaging',
    entities: [Message, MessageSession],
    migrations: messagingMigrations,
    // Without a configuration (migrations only) no feature is loaded.
    features: config
      ? [MessagingConfigModule.forRoot(config), RoutingModule, InboundSmsModule, UseCasesModule.discover(import.meta.dirname)]
      : [],
  };
}
