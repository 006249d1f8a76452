import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordEvent, RpcFailure } from '@pm/messaging';
import { Contact, ContactLocation } from './contact.entity.js';
import { CONTACT_NOT_FOUND } from './contact.view.js';
import { PortfolioAccess, type PortfolioGrant } from '../access/portfolio-access.js';
import { isUuid, type AccessCaller } from '@pm/access';
import { ContactChanged, contactEmails, type Permission } from '@pm/contracts';

@Injectable()
export class ContactRepository {
  constructor(private readonly access: PortfolioAccess) {}

  /**
   * Records the contact's whole state (ContactChanged) after any change to it, in the change's transaction: the
   * locations are read back after flushing, so a deletion announces what is left (nothing, for the last location).
   */
  async announce(em: EntityManager, contact: Contact): Promise<string[]> {
    await em.flush();
    const locationIds = (await this.locationIdsOf(em, [contact.id])).get(contact.id) ?? [];
    recordEvent(em, ContactChanged, {
      contactId: contact.id,
      accountId: contact.accountId,
      name: contact.name,
      role: contact.role,
      emails: contactEmails(contact.details),
      locationIds,
    });
    await em.flush();
    return locationIds;
  }

  async locationIdsOf(em: EntityManager, contactIds: readonly string[]): Promise<Map<string, string[]>> {
    const byContact = new Map<string, string[]>(contactIds.map((id) => [id, []]));
    if (contactIds.length === 0) return byContact;
    const links = await em.find(ContactLocation, { contactId: { $in: [...contactIds] } }, { orderBy: { locationId: 'asc' } });
    for (const link of links) byContact.get(link.contactId)?.push(link.locationId);
    return byContact;
  }

  /**
   * A contact seen from the selected location: 404 "Contact not found" when the caller cannot reach the location or
   * the contact is not one of its contacts; 403 when the caller's role there lacks `permission`.
   */
  async require(em: EntityManager, caller: AccessCaller, id: string, locationId: string, permission: Permission): Promise<{ contact: Contact; grant: PortfolioGrant }> {
    const grant = await this.access.require(em, caller, locationId, permission, CONTACT_NOT_FOUND);
    const link = isUuid(id) ? await em.findOne(ContactLocation, { contactId: id, locationId: grant.location.id }) : null;
    const contact = link ? await em.findOne(Contact, { id }) : null;
    if (!contact) throw RpcFailure.notFound(CONTACT_NOT_FOUND);
    return { contact, grant };
  }

  /** The caller needs contact:write on EVERY location a contact is given (404 for one out of reach, 403 without the right). */
  async requireWritable(em: EntityManager, caller: AccessCaller, locationIds: readonly string[]): Promise<PortfolioGrant[]> {
    const grants: PortfolioGrant[] = [];
    for (const locationId of new Set(locationIds)) grants.push(await this.access.require(em, caller, locationId, 'contact:write'));
    return grants;
  }
}
