import { Injectable } from '@nestjs/common';
import { DeleteContact, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ContactLocation } from '../../contact.entity.js';
import { ContactRepository } from '../../contact.repository.js';

/** DELETE contacts/{id}?location_id=: the contact leaves the selected location (announced); it is gone with its last location. */
@Injectable()
@UseCase(DeleteContact)
export class DeleteContactHandler implements UseCaseHandler<typeof DeleteContact> {
  constructor(private readonly contacts: ContactRepository) {}

  async handle({ id, location_id: selected }: RequestOf<typeof DeleteContact>, { em, caller }: UseCaseContext): Promise<{ deleted: true }> {
    const { contact, grant } = await this.contacts.require(em, caller, id, selected, 'contact:write');
    await em.nativeDelete(ContactLocation, { contactId: contact.id, locationId: grant.location.id });
    const left = await this.contacts.announce(em, contact);
    if (left.length === 0) em.remove(contact);
    await em.flush();
    return { deleted: true as const };
  }
}
