import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CompleteReferral, CreateReferral, GetReferral, type RequestOf } from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { ManageReferralHandler } from './use-cases/manage-referral/manage-referral.handler.js';

@Controller()
export class ReferralsRpc {
  constructor(private readonly referrals: ManageReferralHandler) {}

  @OnRequest(CreateReferral)
  async onCreate(@Payload() request: RequestOf<typeof CreateReferral>, @CurrentPrincipal() principal: Principal) {
    return this.referrals.create(request, principal);
  }

  @OnRequest(GetReferral)
  async onGet(@Payload() _request: RequestOf<typeof GetReferral>, @CurrentPrincipal() principal: Principal) {
    return this.referrals.latest(principal);
  }

  @OnRequest(CompleteReferral)
  async onComplete(@Payload() _request: RequestOf<typeof CompleteReferral>, @CurrentPrincipal() principal: Principal) {
    return this.referrals.complete(principal);
  }
}
