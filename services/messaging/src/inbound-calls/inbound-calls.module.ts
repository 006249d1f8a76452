import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { InboundSmsModule } from '../inbound-sms/inbound-sms.module.js';
import { RoutingModule } from '../routing/routing.module.js';
import { InboundCalls } from './inbound-calls.repository.js';
import { InboundVoiceController } from './inbound-voice.controller.js';
import { VoiceAssistant } from './voice-assistant.js';

/** Calls in: the voice webhooks, the assistant's spoken answers, and the calls' log the Inbound Calls list reads. */
@Module({
  imports: [RoutingModule, InboundSmsModule, DirectoryModule],
  controllers: [InboundVoiceController],
  providers: [InboundCalls, VoiceAssistant],
  exports: [InboundCalls],
})
export class InboundCallsModule {}
