import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, LocationAccess, type AccessCaller, type LocationGrant } from '@pm/access';
import { MESSAGE_SESSION_NOT_FOUND, type Permission } from '@pm/contracts';
import { InboxRepository } from './inbox.repository.js';

/**
 * A message session by id, decided by the shared rule on the session's location: an unknown or malformed id and a
 * session of a location out of the caller's reach answer the same 404, a role without the permission 403.
 */
@Injectable()
export class SessionAccess {
  constructor(
    private readonly access: LocationAccess,
    private readonly inbox: InboxRepository,
  ) {}

  async require(em: EntityManager, caller: AccessCaller, sessionId: string, permission: Permission): Promise<LocationGrant> {
    const session = isUuid(sessionId) ? await this.inbox.sessionLocation(em, sessionId) : null;
    return (await this.access.requireFor(em, caller, session, permission, MESSAGE_SESSION_NOT_FOUND)).grant;
  }
}
