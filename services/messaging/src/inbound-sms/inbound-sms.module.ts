import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { SignedTwilioWebhook } from '../twilio-webhooks/signed-twilio-webhook.js';
import { InboundSmsController } from './inbound-sms.controller.js';
import { ReceiveInboundSms } from './receive-inbound-sms.js';
import { SmsIntake } from './sms-intake.js';

/** SMS in: the provider's signed webhook, stored durably before the 200 and routed (message, draft, events) just after. */
@Module({
  imports: [ConversationsModule],
  controllers: [InboundSmsController],
  providers: [ReceiveInboundSms, SmsIntake, SignedTwilioWebhook],
  exports: [ReceiveInboundSms, SmsIntake, SignedTwilioWebhook],
})
export class InboundSmsModule {}
