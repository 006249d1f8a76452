import { Module } from '@nestjs/common';
import { OutboundModule } from '../outbound/outbound.module.js';
import { EmailTemplatesModule } from '../email-templates/email-templates.module.js';
import { BulkSends } from './bulk-sends.js';

/** Bulk e-mail and SMS and Send E-mail: sends outside a thread, through the outbox. */
@Module({ imports: [OutboundModule, EmailTemplatesModule], providers: [BulkSends], exports: [BulkSends, EmailTemplatesModule] })
export class BulkModule {}
