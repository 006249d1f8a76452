import { Injectable } from '@nestjs/common';
import { ListPayments, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DirectoryRepository } from '../../../directory/directory.repository.js';
import { UnitRent, rentDescription } from '../../../rent/unit-rent.js';
import { ResidentPayments, paymentRecords } from '../../resident-payments.js';

/**
 * GET payments: the caller's own rent payments (as a current tenant, by their account's e-mail), or the one payment of
 * a checkout the caller was sent back from (the success page's verification, signed in or not).
 */
@Injectable()
@UseCase(ListPayments, { readOnly: true })
export class ListPaymentsHandler implements UseCaseHandler<typeof ListPayments> {
  constructor(
    private readonly resident: ResidentPayments,
    private readonly units: UnitRent,
    private readonly directory: DirectoryRepository,
  ) {}

  async handle(request: RequestOf<typeof ListPayments>, { em, principal }: UseCaseContext): Promise<ResponseOf<typeof ListPayments>> {
    if (request.checkout_session_id) {
      const unitId = await this.resident.unitOfCheckout(em, request.checkout_session_id);
      if (!unitId) return [];
      const records = paymentRecords(await this.units.ledger(em, unitId), await this.descriptionOf(em, unitId));
      return records.filter((record) => record.metadata.checkout_session_id === request.checkout_session_id);
    }
    const own = await this.resident.unitsOf(em, principal.isAnonymous ? null : (principal.email ?? null));
    const unitIds = request.unit_id ? own.filter((id) => id === request.unit_id) : own;
    const records = [];
    for (const unitId of unitIds) records.push(...paymentRecords(await this.units.ledger(em, unitId), await this.descriptionOf(em, unitId)));
    return records.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  }

  private async descriptionOf(em: Parameters<DirectoryRepository['unit']>[0], unitId: string): Promise<string> {
    const place = await this.directory.unit(em, unitId);
    return place ? rentDescription(place) : 'Rent';
  }
}
