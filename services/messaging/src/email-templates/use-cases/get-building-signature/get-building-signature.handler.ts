import { Injectable } from '@nestjs/common';
import { GetBuildingSignature, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { BuildingAccess } from '../../building-access.js';
import { EmailTemplatesRepository } from '../../email-templates.repository.js';

@Injectable()
@UseCase(GetBuildingSignature)
export class GetBuildingSignatureHandler implements UseCaseHandler<typeof GetBuildingSignature> {
  constructor(
    private readonly buildings: BuildingAccess,
    private readonly templates: EmailTemplatesRepository,
  ) {}

  async handle({ id }: RequestOf<typeof GetBuildingSignature>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetBuildingSignature>> {
    const building = await this.buildings.require(em, caller, id, 'building:read');
    return { signature: (await this.templates.signature(em, building.buildingId)) ?? '' };
  }
}
