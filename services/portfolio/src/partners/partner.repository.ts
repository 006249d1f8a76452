import { Injectable } from '@nestjs/common';
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordEvent, RpcFailure } from '@pm/messaging';
import { Partner, PartnerLocation } from './partner.entity.js';
import { PortfolioAccess } from '../access/portfolio-access.js';
import { FORBIDDEN, isUuid, type AccessCaller } from '@pm/access';
import { type AccessRole, type Permission, can, PartnerUpdated, partnerPhoneE164 } from '@pm/contracts';

export const PARTNER_NOT_FOUND = 'Property manager not found';

/** A partner with the locations they were given. */
export interface PartnerWithLocations {
  partner: Partner;
  locationIds: string[];
}

@Injectable()
export class PartnerRepository {
  constructor(private readonly access: PortfolioAccess) {}

  /**
   * Records the partner's whole state (PartnerUpdated) after any change to it, in the change's transaction: the
   * locations are read back after flushing, so a removal announces what is left (nothing, for the last location).
   */
  async announce(em: EntityManager, partner: Partner): Promise<void> {
    await em.flush();
    const locationIds = (await this.locationsOf(em, [partner.id])).get(partner.id) ?? [];
    recordEvent(em, PartnerUpdated, {
      partnerId: partner.id,
      accountId: partner.accountId,
      userId: partner.userId ?? null,
      fullName: partner.fullName,
      email: partner.email,
      phone: partnerPhoneE164(partner.phone),
      role: partner.role,
      isEmergencyContact: partner.isEmergencyContact,
      locationIds,
    });
  }

  async locationsOf(em: EntityManager, partnerIds: readonly string[]): Promise<Map<string, string[]>> {
    const byPartner = new Map<string, string[]>(partnerIds.map((id) => [id, []]));
    if (partnerIds.length === 0) return byPartner;
    const links = await em.find(PartnerLocation, { partnerId: { $in: [...partnerIds] } }, { orderBy: { locationId: 'asc' } });
    for (const link of links) byPartner.get(link.partnerId)?.push(link.locationId);
    return byPartner;
  }

  /** The partners of one location, oldest first. */
  async ofLocation(em: EntityManager, locationId: string, where: { isEmergencyContact?: boolean } = {}): Promise<PartnerWithLocations[]> {
    const links = await em.find(PartnerLocation, { locationId });
    if (links.length === 0) return [];
    const partners = await em.find(Partner, { id: { $in: links.map((l) => l.partnerId) }, ...where }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const locations = await this.locationsOf(em, partners.map((p) => p.id));
    return partners.map((partner) => ({ partner, locationIds: locations.get(partner.id) ?? [] }));
  }

  async byAccountAndEmail(em: EntityManager, accountId: string, email: string): Promise<Partner | null> {
    return em.findOne(Partner, { accountId, [sql.lower('email')]: email.toLowerCase() });
  }

  /**
   * A partner the caller may act on with `permission` on EVERY location the partner has (a role is account-wide
   * across those locations, so changing it touches them all). Reaching none of them → 404; lacking the permission
   * on one → 403.
   */
  async requireWhole(em: EntityManager, caller: AccessCaller, id: string, permission: Permission): Promise<PartnerWithLocations> {
    const partner = isUuid(id) ? await em.findOne(Partner, { id }) : null;
    if (!partner) throw RpcFailure.notFound(PARTNER_NOT_FOUND);
    const locationIds = (await this.locationsOf(em, [partner.id])).get(partner.id) ?? [];
    const grants = await this.grantsOn(em, caller, locationIds);
    if (!grants.some((grant) => grant !== null)) throw RpcFailure.notFound(PARTNER_NOT_FOUND);
    if (!allow(grants, permission)) throw RpcFailure.forbidden(FORBIDDEN);
    return { partner, locationIds };
  }

  /**
   * Whether `actor` may set the role of `partner`. The role applies on every location the partner is on, so setting
   * it is changing partners on each of them: only someone with partner:write on all of them may (the owner always, an
   * admin only when the partner is on no location beyond the admin's). Updating a partner (requireWhole) and
   * inviting or accepting in another role follow this one rule, so no admin reaches a location through a partner.
   */
  async mayChangeRoleOf(em: EntityManager, actor: AccessCaller, partner: Partner): Promise<boolean> {
    const locationIds = (await this.locationsOf(em, [partner.id])).get(partner.id) ?? [];
    return allow(await this.grantsOn(em, actor, locationIds), 'partner:write');
  }

  private grantsOn(em: EntityManager, caller: AccessCaller, locationIds: readonly string[]) {
    return Promise.all(locationIds.map((locationId) => this.access.grant(em, caller, locationId)));
  }
}

function allow(grants: readonly ({ role: AccessRole } | null)[], permission: Permission): boolean {
  return grants.every((grant) => grant !== null && can(grant.role, permission));
}
