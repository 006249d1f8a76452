import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  GetCurrentUser,
  RecordResidentLogin,
  ResendVerification,
  SetAccountType,
  SignUp,
  UpdateFullName,
  UpdatePhone,
  VerifyEmail,
  type RequestOf,
} from '@pm/contracts';
import { OnRequest, type RequestContext } from '@pm/messaging';
import { CurrentPrincipal, Public, type Principal } from '@pm/nest-kit';
import { AnonymousCaller } from './anonymous-caller.js';
import { RecordResidentLoginHandler } from './use-cases/record-resident-login/record-resident-login.handler.js';
import { ResendVerificationHandler } from './use-cases/resend-verification/resend-verification.handler.js';
import { SetAccountTypeHandler } from './use-cases/set-account-type/set-account-type.handler.js';
import { SignUpHandler } from './use-cases/sign-up/sign-up.handler.js';
import { UpdateAccountHandler } from './use-cases/update-account/update-account.handler.js';
import { VerifyEmailHandler } from './use-cases/verify-email/verify-email.handler.js';

/** Request/reply adapters of the user aggregate: contract in, use case, contract out. */
@Controller()
export class UsersRpc {
  constructor(
    private readonly signUp: SignUpHandler,
    private readonly resend: ResendVerificationHandler,
    private readonly verify: VerifyEmailHandler,
    private readonly account: UpdateAccountHandler,
    private readonly accountType: SetAccountTypeHandler,
    private readonly residentLogin: RecordResidentLoginHandler,
    private readonly anonymousCaller: AnonymousCaller,
  ) {}

  @Public()
  @OnRequest(SignUp)
  async onSignUp(@Payload() request: RequestOf<typeof SignUp>, @Ctx() context: RequestContext) {
    return this.signUp.handle(request, await this.anonymousCaller.userId(context.authorization));
  }

  @Public()
  @OnRequest(ResendVerification)
  async onResend(@Payload() request: RequestOf<typeof ResendVerification>) {
    return this.resend.handle(request);
  }

  @Public()
  @OnRequest(VerifyEmail)
  async onVerify(@Payload() request: RequestOf<typeof VerifyEmail>) {
    return this.verify.handle(request);
  }

  @OnRequest(GetCurrentUser)
  async onGetCurrent(@Payload() _request: RequestOf<typeof GetCurrentUser>, @CurrentPrincipal() principal: Principal) {
    return this.account.current(principal);
  }

  @OnRequest(UpdateFullName)
  async onUpdateFullName(@Payload() request: RequestOf<typeof UpdateFullName>, @CurrentPrincipal() principal: Principal) {
    return this.account.fullName(principal, request.full_name);
  }

  @OnRequest(UpdatePhone)
  async onUpdatePhone(@Payload() request: RequestOf<typeof UpdatePhone>, @CurrentPrincipal() principal: Principal) {
    return this.account.phone(principal, request.phone);
  }

  @OnRequest(SetAccountType)
  async onSetAccountType(@Payload() request: RequestOf<typeof SetAccountType>, @CurrentPrincipal() principal: Principal) {
    return this.accountType.handle(request, principal);
  }

  @OnRequest(RecordResidentLogin)
  async onResidentLogin(@Payload() _request: RequestOf<typeof RecordResidentLogin>, @CurrentPrincipal() principal: Principal) {
    return this.residentLogin.handle(principal);
  }
}
