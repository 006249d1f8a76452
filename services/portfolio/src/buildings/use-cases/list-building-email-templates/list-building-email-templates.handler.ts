import { Injectable } from '@nestjs/common';
import { ListBuildingEmailTemplates, type EmailTemplate as EmailTemplateView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { EmailTemplates } from '../../../email-templates/email-templates.js';
import { Building } from '../../building.entity.js';
import { BUILDING_NOT_FOUND } from '../get-building/get-building.handler.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(ListBuildingEmailTemplates)
export class ListBuildingEmailTemplatesHandler implements UseCaseHandler<typeof ListBuildingEmailTemplates> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly templates: EmailTemplates,
  ) {}

  async handle({ id }: RequestOf<typeof ListBuildingEmailTemplates>, { em, caller }: UseCaseContext): Promise<EmailTemplateView[]> {
    const building = await this.access.requireRow(em, caller, Building, id, 'building:read', BUILDING_NOT_FOUND);
    return this.templates.list(em, building);
  }
}
