import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { SignedTwilioWebhook } from '../twilio-webhooks/signed-twilio-webhook.js';
import { InboundSmsWebhook } from './inbound-sms.webhook.js';
import { ReceiveInboundSms } from './receive-inbound-sms.js';
import { SmsIntake } from './sms-intake.js';

/**
 * SMS in: the provider's signed webhook (a raw route, see service.ts), stored durably before the 200 and routed
 * (message, draft, events) just after.
 */
@Module({
  imports: [ConversationsModule],
  providers: [InboundSmsWebhook, ReceiveInboundSms, SmsIntake, SignedTwilioWebhook],
  exports: [ReceiveInboundSms, SmsIntake, SignedTwilioWebhook],
})
export class InboundSmsModule {}
