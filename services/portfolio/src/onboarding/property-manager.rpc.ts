import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { GetNavbarFlags, GetOnboardingProgress, type RequestOf, type ResponseOf } from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { GetNavbarFlagsHandler } from './use-cases/get-navbar-flags/get-navbar-flags.handler.js';
import { GetOnboardingProgressHandler } from './use-cases/get-onboarding-progress/get-onboarding-progress.handler.js';

@Controller()
export class PropertyManagerRpc {
  constructor(
    private readonly progress: GetOnboardingProgressHandler,
    private readonly navbarFlags: GetNavbarFlagsHandler,
  ) {}

  @OnRequest(GetOnboardingProgress)
  async onGetProgress(
    @Payload() request: RequestOf<typeof GetOnboardingProgress>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof GetOnboardingProgress>> {
    return this.progress.execute(principal, request.id);
  }

  @OnRequest(GetNavbarFlags)
  async onGetNavbarFlags(
    @Payload() request: RequestOf<typeof GetNavbarFlags>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof GetNavbarFlags>> {
    return this.navbarFlags.execute(principal, request.locationId);
  }
}
