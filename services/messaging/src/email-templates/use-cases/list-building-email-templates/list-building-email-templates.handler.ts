import { Injectable } from '@nestjs/common';
import { ListBuildingEmailTemplates, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { BuildingAccess } from '../../building-access.js';
import { EmailTemplatesRepository } from '../../email-templates.repository.js';

@Injectable()
@UseCase(ListBuildingEmailTemplates)
export class ListBuildingEmailTemplatesHandler implements UseCaseHandler<typeof ListBuildingEmailTemplates> {
  constructor(
    private readonly buildings: BuildingAccess,
    private readonly templates: EmailTemplatesRepository,
  ) {}

  async handle({ id }: RequestOf<typeof ListBuildingEmailTemplates>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListBuildingEmailTemplates>> {
    const building = await this.buildings.require(em, caller, id, 'building:read');
    return this.templates.list(em, building.buildingId);
  }
}
