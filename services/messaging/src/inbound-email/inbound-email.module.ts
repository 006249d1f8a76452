import { Module } from '@nestjs/common';
import { DraftsModule } from '../drafts/drafts.module.js';
import { RoutingModule } from '../routing/routing.module.js';
import { InboundEmailPipeline } from './inbound-email-pipeline.js';
import { InboundEmailWebhookController } from './inbound-email-webhook.controller.js';
import { ReceiveInboundEmail } from './receive-inbound-email.js';
import { SmtpReceiver } from './smtp-receiver.js';

/**
 * E-mail in: the SMTP receiver for the locations' generated addresses (started when SMTP_INBOUND_PORT is set) and
 * the providers' signed inbound-parse webhook, both through one pipeline (raw MIME kept in MinIO before parsing).
 */
@Module({
  imports: [RoutingModule, DraftsModule],
  controllers: [InboundEmailWebhookController],
  providers: [SmtpReceiver, InboundEmailPipeline, ReceiveInboundEmail],
  exports: [SmtpReceiver],
})
export class InboundEmailModule {}
