import { Injectable } from '@nestjs/common';
import { UpdateBuildingSignature, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { BuildingAccess } from '../../building-access.js';
import { EmailTemplatesRepository } from '../../email-templates.repository.js';

/** The signature under the building's e-mails (replies, invitations, renewals); an empty one goes back to none. */
@Injectable()
@UseCase(UpdateBuildingSignature)
export class UpdateBuildingSignatureHandler implements UseCaseHandler<typeof UpdateBuildingSignature> {
  constructor(
    private readonly buildings: BuildingAccess,
    private readonly templates: EmailTemplatesRepository,
  ) {}

  async handle({ id, signature }: RequestOf<typeof UpdateBuildingSignature>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof UpdateBuildingSignature>> {
    const building = await this.buildings.require(em, caller, id, 'building:write');
    return { signature: (await this.templates.saveSignature(em, building.buildingId, signature ?? null, caller.userId)) ?? '' };
  }
}
