import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { ChannelsRpc } from './channels.rpc.js';
import { phoneNumberProvider } from './phone-number-provider.js';
import { AssignPhoneNumberHandler } from './use-cases/assign-phone-number/assign-phone-number.handler.js';
import { GenerateEmailAddressHandler } from './use-cases/generate-email-address/generate-email-address.handler.js';
import { ListPhoneNumbersHandler } from './use-cases/list-phone-numbers/list-phone-numbers.handler.js';
import { SearchPhoneNumbersHandler } from './use-cases/search-phone-numbers/search-phone-numbers.handler.js';

/** How tenants reach a location: its phone number (bought from the SMS/voice provider) and its e-mail address. */
@Module({
  imports: [AccountsModule],
  controllers: [ChannelsRpc],
  providers: [phoneNumberProvider, GenerateEmailAddressHandler, SearchPhoneNumbersHandler, AssignPhoneNumberHandler, ListPhoneNumbersHandler],
})
export class ChannelsModule {}
