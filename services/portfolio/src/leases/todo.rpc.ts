import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ListExpiringLeases, SendLeaseRenewalEmail, type RequestOf, type ResponseOf } from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { ListExpiringLeasesHandler } from './use-cases/list-expiring-leases/list-expiring-leases.handler.js';
import { SendLeaseRenewalEmailHandler } from './use-cases/send-lease-renewal-email/send-lease-renewal-email.handler.js';

/** The dashboard's lease to-dos (spec 001 §7 todo/...). */
@Controller()
export class TodoRpc {
  constructor(
    private readonly expiring: ListExpiringLeasesHandler,
    private readonly renewal: SendLeaseRenewalEmailHandler,
  ) {}

  @OnRequest(ListExpiringLeases)
  onExpiring(@Payload() r: RequestOf<typeof ListExpiringLeases>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof ListExpiringLeases>> {
    return this.expiring.execute(p, r.locationId, r.days);
  }

  @OnRequest(SendLeaseRenewalEmail)
  onRenewal(@Payload() r: RequestOf<typeof SendLeaseRenewalEmail>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof SendLeaseRenewalEmail>> {
    return this.renewal.execute(p, r);
  }
}
