import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { ContactRepository } from './contact.repository.js';
import { ContactsRpc } from './contacts.rpc.js';
import { CreateContactHandler } from './use-cases/create-contact/create-contact.handler.js';
import { DeleteContactHandler } from './use-cases/delete-contact/delete-contact.handler.js';
import { GetContactHandler } from './use-cases/get-contact/get-contact.handler.js';
import { ListContactsHandler } from './use-cases/list-contacts/list-contacts.handler.js';
import { UpdateContactHandler } from './use-cases/update-contact/update-contact.handler.js';

/** Location contacts (spec 002): people useful for one or more locations, not users or tenants. */
@Module({
  imports: [AccountsModule],
  controllers: [ContactsRpc],
  providers: [ContactRepository, ListContactsHandler, CreateContactHandler, GetContactHandler, UpdateContactHandler, DeleteContactHandler],
})
export class ContactsModule {}
