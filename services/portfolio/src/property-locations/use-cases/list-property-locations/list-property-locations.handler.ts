import { Injectable } from '@nestjs/common';
import { ListPropertyLocations, type PropertyLocation as PropertyLocationView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { toPropertyLocationView } from '../../property-location.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(ListPropertyLocations, { readOnly: true })
export class ListPropertyLocationsHandler implements UseCaseHandler<typeof ListPropertyLocations> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle(_request: RequestOf<typeof ListPropertyLocations>, { em, caller }: UseCaseContext): Promise<PropertyLocationView[]> {
    return (await this.access.accessible(em, caller)).map(({ location, role }) => toPropertyLocationView(location, role));
  }
}
