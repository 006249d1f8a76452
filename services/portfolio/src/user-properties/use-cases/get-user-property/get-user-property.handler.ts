import { GetUserProperty, type RequestOf, type UserProperty } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { PropertyLocation } from '../../../property-locations/property-location.entity.js';
import { toUserProperty } from '../set-user-property-by-address/set-user-property-by-address.handler.js';

/** The caller's home for the Terri chat: the latest location of their own account set by address. */
@UseCase(GetUserProperty)
export class GetUserPropertyHandler implements UseCaseHandler<typeof GetUserProperty> {
  async handle(_request: RequestOf<typeof GetUserProperty>, { em, caller }: UseCaseContext): Promise<UserProperty> {
    const [home] = await em.find(
      PropertyLocation,
      { accountId: caller.accountId, metadata: { home: { $ne: null } } },
      { orderBy: { updatedAt: 'desc', id: 'desc' }, limit: 1 },
    );
    if (!home) throw RpcFailure.notFound('Property not found');
    return toUserProperty(home);
  }
}
