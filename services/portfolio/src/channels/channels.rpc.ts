import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AssignLocationPhoneNumber,
  GenerateLocationEmailAddress,
  ListLocationPhoneNumbers,
  SearchLocationPhoneNumbers,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { AssignPhoneNumberHandler } from './use-cases/assign-phone-number/assign-phone-number.handler.js';
import { GenerateEmailAddressHandler } from './use-cases/generate-email-address/generate-email-address.handler.js';
import { ListPhoneNumbersHandler } from './use-cases/list-phone-numbers/list-phone-numbers.handler.js';
import { SearchPhoneNumbersHandler } from './use-cases/search-phone-numbers/search-phone-numbers.handler.js';

/** Request/reply adapters: the contract has parsed the payload, the guard has verified the caller's token. */
@Controller()
export class ChannelsRpc {
  constructor(
    private readonly email: GenerateEmailAddressHandler,
    private readonly search: SearchPhoneNumbersHandler,
    private readonly assign: AssignPhoneNumberHandler,
    private readonly list: ListPhoneNumbersHandler,
  ) {}

  @OnRequest(GenerateLocationEmailAddress)
  onGenerateEmail(@Payload() r: RequestOf<typeof GenerateLocationEmailAddress>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof GenerateLocationEmailAddress>> {
    return this.email.execute(p, r.id);
  }

  @OnRequest(SearchLocationPhoneNumbers)
  onSearch(@Payload() r: RequestOf<typeof SearchLocationPhoneNumbers>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof SearchLocationPhoneNumbers>> {
    return this.search.execute(p, r);
  }

  @OnRequest(AssignLocationPhoneNumber)
  onAssign(@Payload() r: RequestOf<typeof AssignLocationPhoneNumber>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof AssignLocationPhoneNumber>> {
    return this.assign.execute(p, r);
  }

  @OnRequest(ListLocationPhoneNumbers)
  onList(@Payload() _r: RequestOf<typeof ListLocationPhoneNumbers>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof ListLocationPhoneNumbers>> {
    return this.list.execute(p);
  }
}
