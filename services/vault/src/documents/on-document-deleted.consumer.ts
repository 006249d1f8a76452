import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DocumentStatusChanged, type EventOf } from '@pm/contracts';
import { FileStore } from '@pm/files';
import { OnEvent, type EventContext } from '@pm/messaging';
import { DocumentsRepository } from './documents.repository.js';

/**
 * Removes a deleted document's file (and preview) from storage once no other document refers to it (the same bytes
 * filed in several locations share one object). It runs from the DELETED status event, after the delete committed,
 * so a delete that rolls back never loses a file, and a storage outage only delays the removal (the event is retried,
 * then dead-lettered with its reason).
 */
@Controller()
export class OnDocumentDeletedConsumer {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly store: FileStore,
  ) {}

  @OnEvent(DocumentStatusChanged, { durable: 'vault.document-deleted-remove-files' })
  async onStatusChanged(@Payload() { data }: EventOf<typeof DocumentStatusChanged>, @Ctx() context: EventContext): Promise<void> {
    if (data.status !== 'DELETED') return;
    if (!context.em) throw new Error('vault consumers need the transaction of their inbox row');
    const em = context.em as EntityManager;
    const row = await this.documents.find(em, data.documentId);
    if (!row || row.status !== 'DELETED') return;
    for (const key of [row.storage_key, row.preview_key]) {
      if (key && !(await this.documents.isReferenced(em, key))) await this.store.remove(key);
    }
  }
}
