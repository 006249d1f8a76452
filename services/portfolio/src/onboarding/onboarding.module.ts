import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { PropertyLocationsModule } from '../property-locations/property-locations.module.js';
import { OnboardingProgressConsumers } from './onboarding-progress.consumer.js';
import { PropertyManagerRpc } from './property-manager.rpc.js';
import { GetNavbarFlagsHandler } from './use-cases/get-navbar-flags/get-navbar-flags.handler.js';
import { GetOnboardingProgressHandler } from './use-cases/get-onboarding-progress/get-onboarding-progress.handler.js';

@Module({
  imports: [AccountsModule, PropertyLocationsModule],
  controllers: [OnboardingProgressConsumers, PropertyManagerRpc],
  providers: [GetOnboardingProgressHandler, GetNavbarFlagsHandler],
})
export class OnboardingModule {}
