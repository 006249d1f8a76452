import { Module } from '@nestjs/common';
import { OutboundModule } from '../outbound/outbound.module.js';
import { BuildingSignatures } from './building-signatures.js';
import { BulkSends } from './bulk-sends.js';

/** Bulk e-mail and SMS and Send E-mail: sends outside a thread, through the outbox. */
@Module({ imports: [OutboundModule], providers: [BulkSends, BuildingSignatures], exports: [BulkSends, BuildingSignatures] })
export class BulkModule {}
