import { Module } from '@nestjs/common';
import { PHONE_NUMBER_PROVIDER, phoneNumberProvider } from './phone-number-provider.js';

/** How tenants reach a location: the SMS/voice provider adapter its phone-number use cases share. */
@Module({ providers: [phoneNumberProvider], exports: [PHONE_NUMBER_PROVIDER] })
export class ChannelsModule {}
