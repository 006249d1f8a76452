import { Module } from '@nestjs/common';
import { AccountSettings } from './account-settings.js';
import { AnonymousCaller } from './anonymous-caller.js';
import { UsersRepository } from './users.repository.js';

/** Users and their credentials, and the optional anonymous bearer that sign-up and sign-in carry over. */
@Module({ providers: [UsersRepository, AnonymousCaller, AccountSettings], exports: [UsersRepository, AnonymousCaller, AccountSettings] })
export class UsersModule {}
