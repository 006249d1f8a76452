import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Contact as ContactView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Contact, ContactLocation } from '../../contact.entity.js';
import { ContactRepository } from '../../contact.repository.js';
import { toContactView } from '../../contact.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** GET contacts?location_id=&search=: a case-insensitive substring match on the name (spec 002 §5). */
@Injectable()
export class ListContactsHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    private readonly contacts: ContactRepository,
  ) {}

  async execute(principal: Principal, selected: string, search: string | null | undefined): Promise<ContactView[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
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
