import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AnonymousUserLinked } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { UsersRepository } from '../users/users.repository.js';

/**
 * An anonymous visitor signed in to an existing account (password or Google): AnonymousUserLinked tells every
 * context to re-own the anonymous user's rows, in the same transaction that retires the anonymous user.
 */
@Injectable()
export class LinkAnonymousUser {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersRepository,
  ) {}

  async into(anonymousUserId: string, userId: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const anonymous = await this.users.findAnonymous(em, anonymousUserId);
      if (!anonymous) return;
      recordEvent(em, AnonymousUserLinked, { anonymousUserId, userId });
      this.users.remove(em, anonymous);
    });
  }
}
