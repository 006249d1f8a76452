import { Injectable } from '@nestjs/common';
import { CreateContact, type Contact as ContactView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { Contact, ContactLocation } from '../../contact.entity.js';
import { ContactRepository } from '../../contact.repository.js';
import { toContactView } from '../../contact.view.js';

/** POST contacts: one contact shared by the given locations; the caller needs contact:write on each of them. */
@Injectable()
@UseCase(CreateContact)
export class CreateContactHandler implements UseCaseHandler<typeof CreateContact> {
  constructor(private readonly contacts: ContactRepository) {}

  async handle(input: RequestOf<typeof CreateContact>, { em, caller }: UseCaseContext): Promise<ContactView> {
    const locationIds = input.location_ids;
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
    return toContactView(contact, await this.contacts.announce(em, contact));
  }
}
