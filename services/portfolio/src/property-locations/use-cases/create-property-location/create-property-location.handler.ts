import { Injectable } from '@nestjs/common';
import { CreatePropertyLocation, type PropertyLocation as PropertyLocationView, type RequestOf } from '@pm/contracts';
import { GrantsProjection } from '@pm/access';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { openPropertyLocation } from '../../open-property-location.js';
import { validateNewLocation } from '../../property-location.validation.js';
import { toPropertyLocationView } from '../../property-location.view.js';

@Injectable()
@UseCase(CreatePropertyLocation)
export class CreatePropertyLocationHandler implements UseCaseHandler<typeof CreatePropertyLocation> {
  constructor(
    private readonly callers: CallerResolver,
    private readonly grants: GrantsProjection,
  ) {}

  async handle(input: RequestOf<typeof CreatePropertyLocation>, { em, principal }: UseCaseContext): Promise<PropertyLocationView> {
    const caller = await this.callers.resolve(em, principal);
    const result = validateNewLocation(input, caller.campaign);
    if (!result.ok) throw RpcFailure.badRequest(result.message);
    const location = await openPropertyLocation(em, this.grants, caller, result.details);
    return toPropertyLocationView(location, 'OWNER');
  }
}
