import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { SignedTwilioWebhook } from '../twilio-webhooks/signed-twilio-webhook.js';
import { InboundSmsController } from './inbound-sms.controller.js';
import { ReceiveInboundSms } from './receive-inbound-sms.js';

/** SMS in: the provider's signed webhook, stored durably with its outbox event before the 200. */
@Module({
  imports: [ConversationsModule],
  controllers: [InboundSmsController],
  providers: [ReceiveInboundSms, SignedTwilioWebhook],
  exports: [ReceiveInboundSms, SignedTwilioWebhook],
})
export class InboundSmsModule {}
