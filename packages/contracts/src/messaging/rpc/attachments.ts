import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { IdRefSchema } from '../../portfolio/validation.js';
import { MessageAttachmentSchema } from '../inbox.js';
import { MESSAGE_NOT_FOUND } from './drafts.js';

export const MESSAGE_ATTACHMENT_NOT_FOUND = 'Attachment not found';

/**
 * Where one attachment of a message lies (`message:read` on the message's location; an unknown message or one out
 * of reach 404 "Message not found", an attachment not of that message 404 "Attachment not found"). Not bound to HTTP:
 * the BFF's `GET message/{id}/attachment/{attachmentId}` asks it and streams the file from storage as a download.
 */
export const GetMessageAttachment = defineRpc({
  subject: 'pm.rpc.messaging.message-attachment.get.v1',
  access: 'message:read',
  errors: { 404: [MESSAGE_NOT_FOUND, MESSAGE_ATTACHMENT_NOT_FOUND], 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, attachment_id: IdRefSchema }),
  response: MessageAttachmentSchema.extend({ storage_key: z.string().min(1).max(500), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  fixture: {
    request: { id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f', attachment_id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb1' },
    response: {
      id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb1',
      file_name: 'lease-renewal-signed.pdf',
      content_type: 'application/pdf',
      size: 48213,
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      storage_key: 'mail/inbound-attachments/01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ec2/01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb1',
    },
  },
});
