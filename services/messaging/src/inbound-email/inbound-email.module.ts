import { type DynamicModule, Module } from '@nestjs/common';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { DraftsModule } from '../drafts/drafts.module.js';
import { RoutingModule } from '../routing/routing.module.js';
import { InboundEmailPipeline } from './inbound-email-pipeline.js';
import { InboundEmailWebhookController } from './inbound-email-webhook.controller.js';
import { ReceiveInboundEmail } from './receive-inbound-email.js';
import { MAIL_DNS_RESOLVER, SenderAuthentication, systemResolver, type DNSResolver } from './sender-authentication.js';
import { SmtpReceiver } from './smtp-receiver.js';

/**
 * E-mail in: the SMTP receiver for the locations' generated addresses (started when SMTP_INBOUND_PORT is set) and
 * the providers' signed inbound-parse webhook, both through one pipeline (raw MIME kept in MinIO before parsing, the
 * sender authenticated before its From binds the message to a tenant). The sender checks ask node's DNS unless a
 * resolver is given (tests: an in-memory zone).
 */
@Module({})
export class InboundEmailModule {
  static forRoot(options: { dnsResolver?: DNSResolver } = {}): DynamicModule {
    return {
      module: InboundEmailModule,
      imports: [RoutingModule, DraftsModule],
      controllers: [InboundEmailWebhookController],
      providers: [
        { provide: MAIL_DNS_RESOLVER, useFactory: () => options.dnsResolver ?? systemResolver() },
        {
          provide: SenderAuthentication,
          inject: [MESSAGING_CONFIG, MAIL_DNS_RESOLVER],
          useFactory: (config: MessagingConfig, resolver: DNSResolver) =>
            new SenderAuthentication({
              trustedRelays: config.SMTP_INBOUND_TRUSTED_RELAYS,
              providerAuthservId: config.EMAIL_INBOUND_PROVIDER_AUTHSERV_ID ?? null,
              mta: config.MAIL_DOMAIN,
              resolver,
            }),
        },
        SmtpReceiver,
        InboundEmailPipeline,
        ReceiveInboundEmail,
      ],
      exports: [SmtpReceiver],
    };
  }
}
