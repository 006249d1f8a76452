import { Injectable } from '@nestjs/common';
import { UpdatePhone, type RequestOf, type User as UserView } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { AccountSettings } from '../../account-settings.js';

/** PUT user/phone (account settings). */
@Injectable()
@UseCase(UpdatePhone)
export class UpdatePhoneHandler implements UseCaseHandler<typeof UpdatePhone> {
  constructor(private readonly settings: AccountSettings) {}

  handle(request: RequestOf<typeof UpdatePhone>, { em, caller }: UseCaseContext): Promise<UserView> {
    return this.settings.change(em, caller, (user) => {
      user.phone = request.phone;
    });
  }
}
