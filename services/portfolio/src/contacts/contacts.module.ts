import { Module } from '@nestjs/common';
import { ContactRepository } from './contact.repository.js';

/** Location contacts (spec 002): the repository their use cases share (the use cases are found by UseCasesModule). */
@Module({ providers: [ContactRepository], exports: [ContactRepository] })
export class ContactsModule {}
