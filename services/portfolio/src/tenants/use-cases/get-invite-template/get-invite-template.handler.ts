import { Injectable } from '@nestjs/common';
import { GetInviteTemplate, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../../buildings/building.entity.js';
import { BUILDING_NOT_FOUND } from '../../../buildings/use-cases/get-building/get-building.handler.js';
import { EmailTemplates } from '../../../email-templates/email-templates.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** The invite dialog's starting text: the building's tenant-invite template, placeholders left for sending. */
@Injectable()
@UseCase(GetInviteTemplate)
export class GetInviteTemplateHandler implements UseCaseHandler<typeof GetInviteTemplate> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly templates: EmailTemplates,
  ) {}

  async handle({ buildingId }: RequestOf<typeof GetInviteTemplate>, { em, caller }: UseCaseContext): Promise<{ subject: string; body: string }> {
    const building = await this.access.requireRow(em, caller, Building, buildingId, 'tenant:invite', BUILDING_NOT_FOUND);
    const { subject, body } = await this.templates.resolve(em, building, 'tenant-invite');
    return { subject, body };
  }
}
