import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, LocationAccess, type AccessCaller, type LocationGrant } from '@pm/access';
import { CONVERSATION_NOT_FOUND, type ConversationKind, type Permission } from '@pm/contracts';
import { ConversationsRepository } from './conversations.repository.js';

/**
 * A conversation by id (its `conversation_sid`), decided by the shared rule on its location: an unknown or malformed
 * id, one of another kind than the call is for, and one of a location out of the caller's reach answer the same 404;
 * a role without the permission 403.
 */
@Injectable()
export class ConversationAccess {
  constructor(
    private readonly access: LocationAccess,
    private readonly conversations: ConversationsRepository,
  ) {}

  async require(em: EntityManager, caller: AccessCaller, id: string, permission: Permission, kind?: ConversationKind): Promise<LocationGrant> {
    const found = isUuid(id) ? await this.conversations.conversationLocation(em, id) : null;
    const row = found && (kind === undefined || found.kind === kind) ? found : null;
    return (await this.access.requireFor(em, caller, row, permission, CONVERSATION_NOT_FOUND)).grant;
  }
}
