import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AnonymousUserLinked } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { User } from '../../../users/user.entity.js';

/**
 * An anonymous visitor signed in to an existing account (password or Google): AnonymousUserLinked tells every
 * context to re-own the anonymous user's rows, in the same transaction that retires the anonymous user.
 */
@Injectable()
export class LinkAnonymousUser {
  constructor(private readonly em: EntityManager) {}

  async into(anonymousUserId: string, userId: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const anonymous = await em.findOne(User, { id: anonymousUserId, isAnonymous: true });
      if (!anonymous) return;
      recordEvent(em, AnonymousUserLinked, { anonymousUserId, userId });
      em.remove(anonymous);
    });
  }
}
