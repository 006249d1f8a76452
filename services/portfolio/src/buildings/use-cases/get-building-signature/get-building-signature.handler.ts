import { Injectable } from '@nestjs/common';
import { GetBuildingSignature, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../building.entity.js';
import { BUILDING_NOT_FOUND } from '../get-building/get-building.handler.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(GetBuildingSignature)
export class GetBuildingSignatureHandler implements UseCaseHandler<typeof GetBuildingSignature> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ id }: RequestOf<typeof GetBuildingSignature>, { em, caller }: UseCaseContext): Promise<{ signature: string }> {
    const building = await this.access.requireRow(em, caller, Building, id, 'building:read', BUILDING_NOT_FOUND);
    return { signature: building.signature ?? '' };
  }
}
