import { Injectable } from '@nestjs/common';
import { ListRentPrices, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { RentBook } from '../../rent-book.js';
import { UnitRent } from '../../unit-rent.js';

/** GET unit/{id}/rent-prices (`payment:read`). */
@Injectable()
@UseCase(ListRentPrices, { readOnly: true })
export class ListRentPricesHandler implements UseCaseHandler<typeof ListRentPrices> {
  constructor(
    private readonly units: UnitRent,
    private readonly book: RentBook,
  ) {}

  async handle(request: RequestOf<typeof ListRentPrices>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListRentPrices>> {
    const place = await this.units.place(em, caller, request.id, 'payment:read');
    return this.book.prices(em, place.unitId);
  }
}
