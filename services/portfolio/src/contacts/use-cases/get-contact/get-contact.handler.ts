import { Injectable } from '@nestjs/common';
import { GetContact, type Contact as ContactView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ContactRepository } from '../../contact.repository.js';
import { toContactView } from '../../contact.view.js';

@Injectable()
@UseCase(GetContact)
export class GetContactHandler implements UseCaseHandler<typeof GetContact> {
  constructor(private readonly contacts: ContactRepository) {}

  async handle({ id, location_id: selected }: RequestOf<typeof GetContact>, { em, caller }: UseCaseContext): Promise<ContactView> {
    const { contact } = await this.contacts.require(em, caller, id, selected, 'contact:read');
    return toContactView(contact, (await this.contacts.locationIdsOf(em, [contact.id])).get(contact.id) ?? []);
  }
}
