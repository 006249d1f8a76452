import { Module } from '@nestjs/common';
import { authWebConfigProvider } from './auth-web.config.js';
import { AuthController } from './auth.controller.js';

/** `auth/*` of the HTTP contract: sessions and the refresh cookie (identity does the work). */
@Module({ controllers: [AuthController], providers: [authWebConfigProvider], exports: [authWebConfigProvider] })
export class AuthAreaModule {}
