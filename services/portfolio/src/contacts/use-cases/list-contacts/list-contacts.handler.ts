import { Injectable } from '@nestjs/common';
import { ListContacts, type Contact as ContactView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Contact, ContactLocation } from '../../contact.entity.js';
import { ContactRepository } from '../../contact.repository.js';
import { toContactView } from '../../contact.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** GET contacts?location_id=&search=: a case-insensitive substring match on the name (spec 002 §5). */
@Injectable()
@UseCase(ListContacts)
export class ListContactsHandler implements UseCaseHandler<typeof ListContacts> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly contacts: ContactRepository,
  ) {}

  async handle({ location_id: selected, search }: RequestOf<typeof ListContacts>, { em, caller }: UseCaseContext): Promise<ContactView[]> {
    const { location } = await this.access.require(em, caller, selected, 'contact:read');
    const links = await em.find(ContactLocation, { locationId: location.id });
    if (links.length === 0) return [];
    const term = search?.trim();
    const rows = await em.find(
      Contact,
      { id: { $in: links.map((l) => l.contactId) }, ...(term ? { name: { $ilike: `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } } : {}) },
      { orderBy: { name: 'asc', id: 'asc' } },
    );
    const locations = await this.contacts.locationIdsOf(em, rows.map((r) => r.id));
    return rows.map((row) => toContactView(row, locations.get(row.id) ?? []));
  }
}
