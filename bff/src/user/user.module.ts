import { Module } from '@nestjs/common';
import { UserController } from './user.controller.js';

/** `user/*` of the HTTP contract: the caller's account, account type and referral. */
@Module({ controllers: [UserController] })
export class UserAreaModule {}
