import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { OutboundModule } from '../outbound/outbound.module.js';
import { DraftFollowUp } from './draft-follow-up.js';
import { EmergencyNotifier } from './emergency-notifier.js';
import { IntakeTriage } from './intake-triage.js';
import { OnMessageReceivedConsumer } from './on-message-received.consumer.js';
import { TicketAccess } from './ticket-access.js';
import { TicketsRepository } from './tickets.repository.js';

/** Tickets: opened by intake triage and by a completed draft, emergency contacts notified, the board's calls. */
@Module({
  imports: [DirectoryModule, OutboundModule],
  controllers: [OnMessageReceivedConsumer],
  providers: [TicketsRepository, TicketAccess, EmergencyNotifier, DraftFollowUp, IntakeTriage],
  exports: [TicketsRepository, TicketAccess, DraftFollowUp],
})
export class TicketsModule {}
