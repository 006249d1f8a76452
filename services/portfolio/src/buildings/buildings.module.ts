import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { EmailTemplatesModule } from '../email-templates/email-templates.module.js';
import { PortfolioCounts } from './building.repository.js';
import { BuildingRpc } from './building.rpc.js';
import { CreateBuildingHandler } from './use-cases/create-building/create-building.handler.js';
import { GetBuildingSignatureHandler } from './use-cases/get-building-signature/get-building-signature.handler.js';
import { GetBuildingHandler } from './use-cases/get-building/get-building.handler.js';
import { ListBuildingContactsHandler } from './use-cases/list-building-contacts/list-building-contacts.handler.js';
import { ListBuildingEmailTemplatesHandler } from './use-cases/list-building-email-templates/list-building-email-templates.handler.js';
import { ListBuildingsHandler } from './use-cases/list-buildings/list-buildings.handler.js';
import { UpdateBuildingEmailTemplateHandler } from './use-cases/update-building-email-template/update-building-email-template.handler.js';
import { UpdateBuildingSignatureHandler } from './use-cases/update-building-signature/update-building-signature.handler.js';

/** Buildings of a location, their e-mail templates and signature. */
@Module({
  imports: [AccountsModule, EmailTemplatesModule],
  controllers: [BuildingRpc],
  providers: [
    PortfolioCounts,
    ListBuildingsHandler,
    CreateBuildingHandler,
    GetBuildingHandler,
    ListBuildingContactsHandler,
    ListBuildingEmailTemplatesHandler,
    UpdateBuildingEmailTemplateHandler,
    GetBuildingSignatureHandler,
    UpdateBuildingSignatureHandler,
  ],
  exports: [PortfolioCounts],
})
export class BuildingsModule {}
