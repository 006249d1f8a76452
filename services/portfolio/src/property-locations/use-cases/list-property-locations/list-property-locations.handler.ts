import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListPropertyLocations, type PropertyLocation as PropertyLocationView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { listPropertyLocationViews } from '../../property-location-list.query.js';

@Injectable()
@UseCase(ListPropertyLocations, { readOnly: true })
export class ListPropertyLocationsHandler implements UseCaseHandler<typeof ListPropertyLocations> {
  constructor(private readonly access: LocationAccess) {}

  async handle(_request: RequestOf<typeof ListPropertyLocations>, { em, caller }: UseCaseContext): Promise<PropertyLocationView[]> {
    return listPropertyLocationViews(em, this.access, caller);
  }
}
