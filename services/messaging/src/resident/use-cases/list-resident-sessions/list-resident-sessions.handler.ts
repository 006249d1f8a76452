import { Injectable } from '@nestjs/common';
import { ListResidentEmailSessions, ListResidentSmsSessions, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../../inbox/inbox.repository.js';
import { residentEmail } from '../../resident-email.js';

const none = { items: [], next_cursor: null, total: 0 };

/** sms-session/all/resident: the signed-in resident's SMS conversations, newest updated first. */
@Injectable()
@UseCase(ListResidentSmsSessions)
export class ListResidentSmsSessionsHandler implements UseCaseHandler<typeof ListResidentSmsSessions> {
  constructor(private readonly inbox: InboxRepository) {}

  async handle(request: RequestOf<typeof ListResidentSmsSessions>, { em, principal }: UseCaseContext): Promise<ResponseOf<typeof ListResidentSmsSessions>> {
    const email = residentEmail(principal);
    return email ? this.inbox.listResidentSessions(em, email, 'sms', request) : none;
  }
}

/** email-session/all/resident: the signed-in resident's e-mail threads, newest updated first. */
@Injectable()
@UseCase(ListResidentEmailSessions)
export class ListResidentEmailSessionsHandler implements UseCaseHandler<typeof ListResidentEmailSessions> {
  constructor(private readonly inbox: InboxRepository) {}

  async handle(request: RequestOf<typeof ListResidentEmailSessions>, { em, principal }: UseCaseContext): Promise<ResponseOf<typeof ListResidentEmailSessions>> {
    const email = residentEmail(principal);
    return email ? this.inbox.listResidentSessions(em, email, 'email', request) : none;
  }
}
