import { Module } from '@nestjs/common';
import { DraftsModule } from '../drafts/drafts.module.js';
import { RoutingModule } from '../routing/routing.module.js';
import { ReceiveInboundEmail } from './receive-inbound-email.js';
import { SmtpReceiver } from './smtp-receiver.js';

/** E-mail in: the SMTP receiver for the locations' generated addresses, raw MIME kept in MinIO before parsing. */
@Module({ imports: [RoutingModule, DraftsModule], providers: [SmtpReceiver, ReceiveInboundEmail], exports: [SmtpReceiver] })
export class InboundEmailModule {}
