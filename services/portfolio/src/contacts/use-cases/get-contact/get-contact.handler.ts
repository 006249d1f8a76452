import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Contact as ContactView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { ContactRepository } from '../../contact.repository.js';
import { toContactView } from '../../contact.view.js';

@Injectable()
export class GetContactHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly contacts: ContactRepository,
  ) {}

  async execute(principal: Principal, id: string, selected: string): Promise<ContactView> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const { contact } = await this.contacts.require(em, caller, id, selected, 'contact:read');
    return toContactView(contact, (await this.contacts.locationIdsOf(em, [contact.id])).get(contact.id) ?? []);
  }
}
