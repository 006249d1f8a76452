import { Injectable } from '@nestjs/common';
import { UpdateContact, type Contact as ContactView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ContactLocation } from '../../contact.entity.js';
import { ContactRepository } from '../../contact.repository.js';
import { toContactView } from '../../contact.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';
import { can } from '@pm/contracts';

/**
 * PUT contacts/{id}?location_id=. `location_ids`, when given, becomes the contact's set of locations among those the
 * caller may write; its links to locations out of the caller's reach (another account's, a role without
 * contact:write) stay as they are.
 */
@Injectable()
@UseCase(UpdateContact)
export class UpdateContactHandler implements UseCaseHandler<typeof UpdateContact> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly contacts: ContactRepository,
  ) {}

  async handle(input: RequestOf<typeof UpdateContact>, { em, caller }: UseCaseContext): Promise<ContactView> {
    const selected = input.location_id;
    const { contact } = await this.contacts.require(em, caller, input.id, selected, 'contact:write');
    if (input.location_ids != null) {
      const wanted = input.location_ids;
      const grants = await this.contacts.requireWritable(em, caller, wanted);
      const wantedIds = new Set(grants.map((g) => g.location.id));
      const current = await em.find(ContactLocation, { contactId: contact.id });
      for (const link of current) {
        if (wantedIds.has(link.locationId)) continue;
        const grant = await this.access.grant(em, caller, link.locationId);
        if (grant && can(grant.role, 'contact:write')) em.remove(link);
      }
      const have = new Set(current.map((l) => l.locationId));
      for (const id of wantedIds) if (!have.has(id)) em.create(ContactLocation, { contactId: contact.id, locationId: id });
    }
    contact.name = input.name;
    contact.role = input.role ?? contact.role;
    if (input.details != null) contact.details = input.details;
    contact.updatedAt = new Date();
    return toContactView(contact, await this.contacts.announce(em, contact));
  }
}
