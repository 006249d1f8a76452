import { Injectable } from '@nestjs/common';
import { UpdatePartner, PartnerRoleChanged, type Partner as PartnerView, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { PartnerRepository } from '../../partner.repository.js';
import { givenRole } from '../../partner.validation.js';
import { toPartnerView } from '../../partner.view.js';
import { FORBIDDEN, GrantsProjection } from '@pm/access';

/** PUT property-manager/{id}: a partner's details, role and emergency-contact flag. */
@Injectable()
@UseCase(UpdatePartner)
export class UpdatePartnerHandler implements UseCaseHandler<typeof UpdatePartner> {
  constructor(
    private readonly partners: PartnerRepository,
    private readonly grants: GrantsProjection,
  ) {}

  async handle(input: RequestOf<typeof UpdatePartner>, { em, caller }: UseCaseContext): Promise<PartnerView> {
    const { partner, locationIds } = await this.partners.requireWhole(em, caller, input.id, 'partner:write');
    const valid = { fullName: input.full_name, email: input.email, phone: input.phone ?? null, role: givenRole(input.role) };
    // An admin partner could otherwise make themselves anything; their role is the owner's decision.
    if (partner.userId === caller.userId && valid.role !== partner.role) throw RpcFailure.forbidden(FORBIDDEN);
    const before = { role: partner.role };
    if (valid.email.toLowerCase() !== partner.email.toLowerCase()) {
      const other = await this.partners.byAccountAndEmail(em, partner.accountId, valid.email);
      if (other && other.id !== partner.id) throw RpcFailure.conflict('A partner with this email already exists');
      // Contact details only: who the partner is (their user) was settled when they accepted the invitation.
      partner.email = valid.email;
    }
    partner.fullName = valid.fullName;
    if (input.phone !== undefined) partner.phone = valid.phone;
    partner.role = valid.role;
    if (input.is_emergency_contact != null) partner.isEmergencyContact = input.is_emergency_contact;
    partner.updatedAt = new Date();
    const access = { partnerId: partner.id, accountId: partner.accountId, role: partner.role };
    if (partner.role !== before.role) {
      await this.grants.record(em, PartnerRoleChanged, { ...access, userId: partner.userId ?? null, previousRole: before.role });
    }
    await this.partners.announce(em, partner);
    return toPartnerView(partner, locationIds);
  }
}
