import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ChangePassword, ForgotPassword, RecoverPassword, type RequestOf } from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, Public, type Principal } from '@pm/nest-kit';
import { ChangePasswordHandler } from './use-cases/change-password/change-password.handler.js';
import { RecoverPasswordHandler } from './use-cases/recover-password/recover-password.handler.js';
import { RequestPasswordResetHandler } from './use-cases/request-password-reset/request-password-reset.handler.js';

/** Passwords: forgot, recover through the e-mailed link, change (account page or recovery session). */
@Controller()
export class RecoveryRpc {
  constructor(
    private readonly forgot: RequestPasswordResetHandler,
    private readonly recover: RecoverPasswordHandler,
    private readonly change: ChangePasswordHandler,
  ) {}

  @Public()
  @OnRequest(ForgotPassword)
  async onForgot(@Payload() request: RequestOf<typeof ForgotPassword>) {
    return this.forgot.handle(request);
  }

  @Public()
  @OnRequest(RecoverPassword)
  async onRecover(@Payload() request: RequestOf<typeof RecoverPassword>) {
    return this.recover.handle(request);
  }

  @OnRequest(ChangePassword)
  async onChange(@Payload() request: RequestOf<typeof ChangePassword>, @CurrentPrincipal() principal: Principal) {
    return this.change.handle(request, principal);
  }
}
