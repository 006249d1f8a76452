import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { EmailAttachmentsFolder } from './email-attachments-folder.js';
import { OnEmailAttachmentReceivedConsumer } from './on-email-attachment-received.consumer.js';

/** E-mail attachments sent to a location's address, filed into its vault. */
@Module({ imports: [DocumentsModule], controllers: [OnEmailAttachmentReceivedConsumer], providers: [EmailAttachmentsFolder] })
export class EmailIntakeModule {}
