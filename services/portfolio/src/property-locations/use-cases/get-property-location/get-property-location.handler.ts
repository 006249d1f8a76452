import { Injectable } from '@nestjs/common';
import { GetPropertyLocation, type PropertyLocation as PropertyLocationView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { toPropertyLocationView } from '../../property-location.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(GetPropertyLocation)
export class GetPropertyLocationHandler implements UseCaseHandler<typeof GetPropertyLocation> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ id }: RequestOf<typeof GetPropertyLocation>, { em, caller }: UseCaseContext): Promise<PropertyLocationView> {
    // Another account's location answers exactly like a missing one: nothing tells the caller it exists.
    const { location, role } = await this.access.require(em, caller, id, 'location:read');
    return toPropertyLocationView(location, role);
  }
}
