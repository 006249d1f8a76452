import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, LocationAccess, type AccessCaller, type LocationGrant } from '@pm/access';
import { MESSAGE_NOT_FOUND, type Permission } from '@pm/contracts';
import { MessageDrafts } from './message-drafts.repository.js';

/** An inbound message by id, decided by the shared rule on its location: unknown or out of reach 404, no permission 403. */
@Injectable()
export class MessageAccess {
  constructor(
    private readonly access: LocationAccess,
    private readonly drafts: MessageDrafts,
  ) {}

  async require(em: EntityManager, caller: AccessCaller, messageId: string, permission: Permission): Promise<LocationGrant> {
    const message = isUuid(messageId) ? await this.drafts.messageLocation(em, messageId) : null;
    return (await this.access.requireFor(em, caller, message, permission, MESSAGE_NOT_FOUND)).grant;
  }
}
