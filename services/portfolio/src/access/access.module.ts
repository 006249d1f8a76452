import { Global, Module } from '@nestjs/common';
import { LocationAccess } from './location-access.js';

/** Global: every portfolio feature decides access through the same LocationAccess. */
@Global()
@Module({ providers: [LocationAccess], exports: [LocationAccess] })
export class AccessModule {}
