import { Injectable } from '@nestjs/common';
import { isUuid } from '@pm/access';
import { GetMessageAttachment, MESSAGE_ATTACHMENT_NOT_FOUND, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { MessageAccess } from '../../../drafts/message-access.js';
import { table } from '../../../routing/routing-tables.js';

/** Where one attachment of a message lies, for the BFF's download: decided on the message's location first. */
@Injectable()
@UseCase(GetMessageAttachment)
export class GetMessageAttachmentHandler implements UseCaseHandler<typeof GetMessageAttachment> {
  constructor(private readonly messages: MessageAccess) {}

  async handle(request: RequestOf<typeof GetMessageAttachment>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetMessageAttachment>> {
    await this.messages.require(em, caller, request.id, 'message:read');
    const [row] = isUuid(request.attachment_id)
      ? await em.execute<{ id: string; file_name: string; content_type: string; size: string; sha256: string; storage_key: string }[]>(
          `select id, file_name, content_type, size, sha256, storage_key from ${table(em, 'message_attachment')} where id = ? and message_id = ?`,
          [request.attachment_id, request.id],
        )
      : [];
    if (!row) throw RpcFailure.notFound(MESSAGE_ATTACHMENT_NOT_FOUND);
    return { id: row.id, file_name: row.file_name, content_type: row.content_type, size: Number(row.size), sha256: row.sha256, storage_key: row.storage_key };
  }
}
