import { Injectable } from '@nestjs/common';
import { UpdateBuildingEmailTemplate, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { BuildingAccess } from '../../building-access.js';
import { EmailTemplatesRepository } from '../../email-templates.repository.js';

export const EMAIL_TEMPLATE_NOT_FOUND = 'Email template not found';

/** Saves the building's own version of one of the product's e-mails; the default stays for every other building. */
@Injectable()
@UseCase(UpdateBuildingEmailTemplate)
export class UpdateBuildingEmailTemplateHandler implements UseCaseHandler<typeof UpdateBuildingEmailTemplate> {
  constructor(
    private readonly buildings: BuildingAccess,
    private readonly templates: EmailTemplatesRepository,
  ) {}

  async handle(input: RequestOf<typeof UpdateBuildingEmailTemplate>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof UpdateBuildingEmailTemplate>> {
    const building = await this.buildings.require(em, caller, input.id, 'building:write');
    const slug = EmailTemplatesRepository.slugOf(input.slug);
    if (!slug) throw RpcFailure.notFound(EMAIL_TEMPLATE_NOT_FOUND);
    return this.templates.save(em, building, slug, { subject: input.subject, body: input.body });
  }
}
