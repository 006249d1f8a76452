import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CreateContact, DeleteContact, GetContact, ListContacts, UpdateContact, type RequestOf, type ResponseOf } from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { CreateContactHandler } from './use-cases/create-contact/create-contact.handler.js';
import { DeleteContactHandler } from './use-cases/delete-contact/delete-contact.handler.js';
import { GetContactHandler } from './use-cases/get-contact/get-contact.handler.js';
import { ListContactsHandler } from './use-cases/list-contacts/list-contacts.handler.js';
import { UpdateContactHandler } from './use-cases/update-contact/update-contact.handler.js';

/** Request/reply adapters: the contract has parsed the payload, the guard has verified the caller's token. */
@Controller()
export class ContactsRpc {
  constructor(
    private readonly list: ListContactsHandler,
    private readonly create: CreateContactHandler,
    private readonly get: GetContactHandler,
    private readonly update: UpdateContactHandler,
    private readonly remove: DeleteContactHandler,
  ) {}

  @OnRequest(ListContacts)
  onList(@Payload() r: RequestOf<typeof ListContacts>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof ListContacts>> {
    return this.list.execute(p, r.location_id, r.search);
  }

  @OnRequest(CreateContact)
  onCreate(@Payload() r: RequestOf<typeof CreateContact>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof CreateContact>> {
    return this.create.execute(p, r);
  }

  @OnRequest(GetContact)
  onGet(@Payload() r: RequestOf<typeof GetContact>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof GetContact>> {
    return this.get.execute(p, r.id, r.location_id);
  }

  @OnRequest(UpdateContact)
  onUpdate(@Payload() r: RequestOf<typeof UpdateContact>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof UpdateContact>> {
    return this.update.execute(p, r);
  }

  @OnRequest(DeleteContact)
  onDelete(@Payload() r: RequestOf<typeof DeleteContact>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof DeleteContact>> {
    return this.remove.execute(p, r.id, r.location_id);
  }
}
