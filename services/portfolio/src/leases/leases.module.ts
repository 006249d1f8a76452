import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { EmailTemplatesModule } from '../email-templates/email-templates.module.js';
import { TodoRpc } from './todo.rpc.js';
import { ListExpiringLeasesHandler } from './use-cases/list-expiring-leases/list-expiring-leases.handler.js';
import { SendLeaseRenewalEmailHandler } from './use-cases/send-lease-renewal-email/send-lease-renewal-email.handler.js';

/** Leases as tenants' lease facts carry them until a leasing context owns leases: expiring leases and renewal e-mails. */
@Module({
  imports: [AccountsModule, EmailTemplatesModule],
  controllers: [TodoRpc],
  providers: [ListExpiringLeasesHandler, SendLeaseRenewalEmailHandler],
})
export class LeasesModule {}
