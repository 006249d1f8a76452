import { Injectable } from '@nestjs/common';
import { ListSandboxPhoneNumbers, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { SandboxPhone } from '../../sandbox-phone.js';

/** The sandbox phone's number picker: the caller's locations' numbers. */
@Injectable()
@UseCase(ListSandboxPhoneNumbers)
export class ListSandboxPhoneNumbersHandler implements UseCaseHandler<typeof ListSandboxPhoneNumbers> {
  constructor(private readonly phone: SandboxPhone) {}

  async handle(_request: RequestOf<typeof ListSandboxPhoneNumbers>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListSandboxPhoneNumbers>> {
    const numbers = await this.phone.numbers(em, caller);
    return { numbers: numbers.map((n) => ({ property_location_id: n.locationId, location_name: n.locationName, phone_number: n.phoneNumber })) };
  }
}
