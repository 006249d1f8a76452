import { Module } from '@nestjs/common';
import { ConnectedAccounts } from './connected-accounts.js';

/** Each account's Stripe connected account, which receives its tenants' rent and pays it out. */
@Module({ providers: [ConnectedAccounts], exports: [ConnectedAccounts] })
export class ConnectModule {}
