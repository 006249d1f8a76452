import { Injectable } from '@nestjs/common';
import { GetRentDetails, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { RentBook, rentDetailsView } from '../../rent-book.js';
import { UnitRent } from '../../unit-rent.js';

/** GET unit/{id}/rent-details (`payment:read`). */
@Injectable()
@UseCase(GetRentDetails, { readOnly: true })
export class GetRentDetailsHandler implements UseCaseHandler<typeof GetRentDetails> {
  constructor(
    private readonly units: UnitRent,
    private readonly book: RentBook,
  ) {}

  async handle(request: RequestOf<typeof GetRentDetails>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetRentDetails>> {
    const place = await this.units.place(em, caller, request.id, 'payment:read');
    return rentDetailsView(place, await this.book.terms(em, place.unitId));
  }
}
