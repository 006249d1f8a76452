import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { FoldersModule } from '../folders/folders.module.js';
import { OnEmailAttachmentReceivedConsumer } from './on-email-attachment-received.consumer.js';

/** E-mail attachments sent to a location's address, filed into its vault. */
@Module({ imports: [DocumentsModule, FoldersModule], controllers: [OnEmailAttachmentReceivedConsumer] })
export class EmailIntakeModule {}
