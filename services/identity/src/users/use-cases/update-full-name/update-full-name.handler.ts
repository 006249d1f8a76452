import { Injectable } from '@nestjs/common';
import { UpdateFullName, type RequestOf, type User as UserView } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { AccountSettings } from '../../account-settings.js';

/** PUT user/full_name (account settings). */
@Injectable()
@UseCase(UpdateFullName)
export class UpdateFullNameHandler implements UseCaseHandler<typeof UpdateFullName> {
  constructor(private readonly settings: AccountSettings) {}

  handle(request: RequestOf<typeof UpdateFullName>, { em, caller }: UseCaseContext): Promise<UserView> {
    return this.settings.change(em, caller, (user) => {
      user.name = request.full_name;
    });
  }
}
