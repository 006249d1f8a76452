import { Injectable } from '@nestjs/common';
import { UpdateBuildingSignature, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../building.entity.js';
import { BUILDING_NOT_FOUND } from '../get-building/get-building.handler.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** An empty signature goes back to none (stored as null). */
@Injectable()
@UseCase(UpdateBuildingSignature)
export class UpdateBuildingSignatureHandler implements UseCaseHandler<typeof UpdateBuildingSignature> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ id, signature }: RequestOf<typeof UpdateBuildingSignature>, { em, caller }: UseCaseContext): Promise<{ signature: string }> {
    const building = await this.access.requireRow(em, caller, Building, id, 'building:write', BUILDING_NOT_FOUND);
    building.signature = signature?.trim() ? signature : null;
    building.updatedAt = new Date();
    await em.flush();
    return { signature: building.signature ?? '' };
  }
}
