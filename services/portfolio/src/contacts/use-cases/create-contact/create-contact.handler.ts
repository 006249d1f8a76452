import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Contact as ContactView, CreateContact, RequestOf } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { CallerResolver } from '../../../accounts/caller.js';
import { Contact, ContactLocation } from '../../contact.entity.js';
import { ContactRepository } from '../../contact.repository.js';
import { toContactView } from '../../contact.view.js';

/** POST contacts: one contact shared by the given locations; the caller needs contact:write on each of them. */
@Injectable()
export class CreateContactHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly contacts: ContactRepository,
  ) {}

  async execute(principal: Principal, input: RequestOf<typeof CreateContact>): Promise<ContactView> {
    const locationIds = input.location_ids;
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const grants = await this.contacts.requireWritable(em, caller, locationIds);
      const now = new Date();
      const contact = em.create(Contact, {
        id: uuidv7(),
        accountId: grants[0]!.location.accountId,
        name: input.name,
        role: input.role ?? 'OTHER',
        details: input.details ?? [],
        createdAt: now,
        updatedAt: now,
      });
      // The link table has no ORM relation to order inserts by: the contact row goes first.
      await em.flush();
      for (const grant of grants) em.create(ContactLocation, { contactId: contact.id, locationId: grant.location.id });
      await em.flush();
      return toContactView(contact, grants.map((g) => g.location.id).sort());
    });
  }
}
