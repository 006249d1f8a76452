import { Module } from '@nestjs/common';
import { BuildingController } from './building.controller.js';
import { ChannelController } from './channel.controller.js';
import { ContactController } from './contact.controller.js';
import { QuestionController, RuleController } from './knowledge.controller.js';
import { TenantController } from './tenant.controller.js';
import { TodoController } from './todo.controller.js';
import { UnitController } from './unit.controller.js';
import { PartnerController } from './partner.controller.js';
import { PropertyLocationController } from './property-location.controller.js';
import { PropertyManagerController } from './property-manager.controller.js';

/** Property locations, onboarding progress and navbar flags: thin HTTP over the portfolio service's requests. */
@Module({ controllers: [PropertyLocationController, PropertyManagerController,
  BuildingController, UnitController, TenantController, TodoController,
  PartnerController, QuestionController, RuleController, ContactController, ChannelController] })
export class PortfolioModule {}
