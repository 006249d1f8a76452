import { Module } from '@nestjs/common';
import { MessageAttachmentController } from './message-attachment.controller.js';

/** Downloads of inbound e-mails' attachments, streamed from storage after messaging's access decision. */
@Module({ controllers: [MessageAttachmentController] })
export class MessageAttachmentsModule {}
