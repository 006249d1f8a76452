import { Injectable } from '@nestjs/common';
import { UpdateBuildingEmailTemplate, type EmailTemplate as EmailTemplateView, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { EmailTemplates } from '../../../email-templates/email-templates.js';
import { Building } from '../../building.entity.js';
import { BUILDING_NOT_FOUND } from '../get-building/get-building.handler.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** Saves the building's own version of one of the product's e-mails; the default stays for every other building. */
@Injectable()
@UseCase(UpdateBuildingEmailTemplate)
export class UpdateBuildingEmailTemplateHandler implements UseCaseHandler<typeof UpdateBuildingEmailTemplate> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly templates: EmailTemplates,
  ) {}

  async handle(input: RequestOf<typeof UpdateBuildingEmailTemplate>, { em, caller }: UseCaseContext): Promise<EmailTemplateView> {
    const building = await this.access.requireRow(em, caller, Building, input.id, 'building:write', BUILDING_NOT_FOUND);
    const slug = EmailTemplates.slugOf(input.slug);
    if (!slug) throw RpcFailure.notFound('Email template not found');
    const saved = await this.templates.save(em, building, slug, { subject: input.subject, body: input.body });
    await em.flush();
    return saved;
  }
}
