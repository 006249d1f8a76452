import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { OutboundModule } from '../outbound/outbound.module.js';
import { DraftFollowUp } from './draft-follow-up.js';
import { EmergencyNotifier } from './emergency-notifier.js';
import { TicketAccess } from './ticket-access.js';
import { TicketsRepository } from './tickets.repository.js';

/** Tickets and the follow-up of a completed draft (tickets opened, emergency contacts notified). */
@Module({
  imports: [DirectoryModule, OutboundModule],
  providers: [TicketsRepository, TicketAccess, EmergencyNotifier, DraftFollowUp],
  exports: [TicketsRepository, TicketAccess, DraftFollowUp],
})
export class TicketsModule {}
