import { Module } from '@nestjs/common';
import { CallerResolver } from './caller.js';
import { UserAccountConsumers } from './user-account.consumer.js';

@Module({ controllers: [UserAccountConsumers], providers: [CallerResolver], exports: [CallerResolver] })
export class AccountsModule {}
