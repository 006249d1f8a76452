import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { ContactLocation } from '../../contact.entity.js';
import { ContactRepository } from '../../contact.repository.js';

/** DELETE contacts/{id}?location_id=: the contact leaves the selected location; it is gone with its last location. */
@Injectable()
export class DeleteContactHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly contacts: ContactRepository,
  ) {}

  async execute(principal: Principal, id: string, selected: string): Promise<{ deleted: true }> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const { contact, grant } = await this.contacts.require(em, caller, id, selected, 'contact:write');
      await em.nativeDelete(ContactLocation, { contactId: contact.id, locationId: grant.location.id });
      if ((await em.count(ContactLocation, { contactId: contact.id })) === 0) em.remove(contact);
      await em.flush();
      return { deleted: true as const };
    });
  }
}
