import { Module } from '@nestjs/common';
import { PropertyLocationController } from './property-location.controller.js';
import { PropertyManagerController } from './property-manager.controller.js';

/** Property locations, onboarding progress and navbar flags: thin HTTP over the portfolio service's requests. */
@Module({ controllers: [PropertyLocationController, PropertyManagerController] })
export class PortfolioModule {}
