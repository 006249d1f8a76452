import { Controller, Logger } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailAttachmentReceived, NO_TAGS, VAULT_ACCEPTED_TYPES, VAULT_FILE_PREFIX, type EventOf, type StoredDocumentFile } from '@pm/contracts';
import { FileStore } from '@pm/files';
import { OnEvent, type EventContext } from '@pm/messaging';
import { DocumentsRepository } from '../documents/documents.repository.js';
import { table } from '../documents/vault-tables.js';
import { FoldersRepository } from '../folders/folders.repository.js';

/**
 * Files each attachment of an e-mail sent to a location's address into that location's "E-mail attachments" folder,
 * linked to the message and to the building, unit and tenant messaging recognised. The file is copied inside MinIO:
 * the vault owns its copy, so deleting the document never removes the file the conversation still shows.
 */
@Controller()
export class OnEmailAttachmentReceivedConsumer {
  private readonly logger = new Logger(OnEmailAttachmentReceivedConsumer.name);

  constructor(
    private readonly documents: DocumentsRepository,
    private readonly folders: FoldersRepository,
    private readonly store: FileStore,
  ) {}

  @OnEvent(EmailAttachmentReceived, { durable: 'vault.email-attachment-received' })
  async onAttachmentReceived(@Payload() { data }: EventOf<typeof EmailAttachmentReceived>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('vault consumers need the transaction of their inbox row');
    const em = context.em as EntityManager;
    const attachment = { messageId: data.messageId, attachmentId: data.attachmentId, locationId: data.locationId };
    const contentType = VAULT_ACCEPTED_TYPES.find((type) => type === data.contentType);
    if (!contentType) {
      this.logger.log({ ...attachment, contentType: data.contentType }, 'e-mail attachment not filed: the vault does not take this type');
      return;
    }
    // The inbox absorbs a redelivered event; this also absorbs the same attachment announced again under a new event id.
    if (await this.found(em, `message_id = ? and attachment_id = ?`, [data.messageId, data.attachmentId])) return;
    // The same bytes are filed once per location (an upload of them, or another e-mail's): nothing new to keep.
    if (await this.found(em, `location_id = ? and sha256 = ? and deleted_at is null`, [data.locationId, data.sha256])) {
      this.logger.log(attachment, 'e-mail attachment not filed again: the location already has these bytes');
      return;
    }
    const now = new Date();
    const folderId = (await this.folders.ensureSystemFolder(em, data, 'email_attachments')).id;
    const copy = await this.store.copy(data.storageKey, VAULT_FILE_PREFIX);
    const file: StoredDocumentFile = { key: copy.key, file_name: data.fileName, content_type: contentType, size: data.size, sha256: data.sha256 };
    try {
      const filed = await this.documents.register(em, {
        locationId: data.locationId,
        accountId: data.accountId,
        file,
        source: 'email',
        dataType: 'document',
        folderId,
        categoryId: null,
        buildingId: data.buildingId,
        unitId: data.unitId,
        tenantId: data.tenantId,
        messageId: data.messageId,
        attachmentId: data.attachmentId,
        tags: NO_TAGS,
        createdBy: null,
        now,
      });
      if (filed.duplicate) await this.store.remove(copy.key);
    } catch (error) {
      await this.store.remove(copy.key).catch(() => undefined);
      throw error;
    }
  }

  private async found(em: EntityManager, where: string, params: unknown[]): Promise<boolean> {
    return (await em.execute(`select 1 from ${table(em, 'document')} where ${where} limit 1`, params)).length > 0;
  }
}
