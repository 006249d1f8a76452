import { Injectable } from '@nestjs/common';
import { ListPayments, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ResidentPayments } from '../../resident-payments.js';

/** GET payments: the caller's own rent payments (as a current tenant, by their account's e-mail). */
@Injectable()
@UseCase(ListPayments, { readOnly: true })
export class ListPaymentsHandler implements UseCaseHandler<typeof ListPayments> {
  constructor(private readonly resident: ResidentPayments) {}

  async handle(request: RequestOf<typeof ListPayments>, { em, principal }: UseCaseContext): Promise<ResponseOf<typeof ListPayments>> {
    const own = await this.resident.unitsOf(em, principal.isAnonymous ? null : (principal.email ?? null));
    const unitIds = request.unit_id ? own.filter((id) => id === request.unit_id) : own;
    const records = [];
    for (const unitId of unitIds) records.push(...(await this.resident.paymentsOf(em, unitId)));
    return records.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  }
}
