import { Injectable } from '@nestjs/common';
import { GetInviteTemplate, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { BuildingAccess } from '../../building-access.js';
import { EmailTemplatesRepository } from '../../email-templates.repository.js';

/** The invite dialog's starting text: the building's tenant-invite template, placeholders left for sending. */
@Injectable()
@UseCase(GetInviteTemplate)
export class GetInviteTemplateHandler implements UseCaseHandler<typeof GetInviteTemplate> {
  constructor(
    private readonly buildings: BuildingAccess,
    private readonly templates: EmailTemplatesRepository,
  ) {}

  async handle({ buildingId }: RequestOf<typeof GetInviteTemplate>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetInviteTemplate>> {
    const building = await this.buildings.require(em, caller, buildingId, 'tenant:invite');
    const { subject, body } = await this.templates.resolve(em, building.buildingId, 'tenant-invite');
    return { subject, body };
  }
}
