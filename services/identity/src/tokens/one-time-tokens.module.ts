import { Module } from '@nestjs/common';
import { OneTimeTokens } from './one-time-tokens.js';

/** Single-use secrets of e-mailed links and of Google sign-in's round trip, stored hashed. */
@Module({ providers: [OneTimeTokens], exports: [OneTimeTokens] })
export class OneTimeTokensModule {}
