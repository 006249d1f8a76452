import { Injectable } from '@nestjs/common';
import { MESSAGE_SESSION_NOT_FOUND, NO_MESSAGE_TO_ANSWER, NOT_AN_EMAIL_THREAD, StoreEmailManagerResponse, type MessageSessionView, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../../inbox/inbox.repository.js';
import { SessionAccess } from '../../../inbox/session-access.js';
import { EditMessageDraftHandler } from '../edit-message-draft/edit-message-draft.handler.js';

/**
 * The e-mail thread a draft call names, with the caller's permission on it (404/403 first), and the message from the
 * tenant its reply is for: `messageId` when given (one of the thread's inbound messages), else the latest. `expected`
 * ids the caller sent with it must be the thread's, or the thread is one they do not have (404).
 */
export async function emailThreadMessage(
  { sessions, inbox }: { sessions: SessionAccess; inbox: InboxRepository },
  { em, caller }: Pick<UseCaseContext, 'em' | 'caller'>,
  sessionId: string,
  expected: { locationId?: string | undefined; tenantId?: string | undefined; messageId?: string | undefined },
): Promise<string> {
  await sessions.require(em, caller, sessionId, 'message:send');
  const session: MessageSessionView = await inbox.session(em, sessionId);
  const mismatch = (given: string | undefined, actual: string | null) => given !== undefined && given !== actual;
  if (mismatch(expected.locationId, session.property_location_id) || mismatch(expected.tenantId, session.tenant_id)) throw new RpcFailure(404, MESSAGE_SESSION_NOT_FOUND);
  if (session.type !== 'email') throw new RpcFailure(409, NOT_AN_EMAIL_THREAD);
  let cursor: string | undefined;
  do {
    const page = await inbox.listMessages(em, sessionId, { limit: 200, cursor });
    const found = page.items.find((message) => message.direction === 'inbound' && (expected.messageId === undefined || message.id === expected.messageId));
    if (found) return found.id;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  throw new RpcFailure(409, NO_MESSAGE_TO_ANSWER);
}

/** POST email/manager-response: the team's text kept as the thread's latest draft version, by `PUT message/{id}/draft`'s use case. */
@Injectable()
@UseCase(StoreEmailManagerResponse)
export class StoreEmailManagerResponseHandler implements UseCaseHandler<typeof StoreEmailManagerResponse> {
  constructor(
    private readonly sessions: SessionAccess,
    private readonly inbox: InboxRepository,
    private readonly edit: EditMessageDraftHandler,
  ) {}

  async handle(request: RequestOf<typeof StoreEmailManagerResponse>, context: UseCaseContext): Promise<ResponseOf<typeof StoreEmailManagerResponse>> {
    const messageId = await emailThreadMessage({ sessions: this.sessions, inbox: this.inbox }, context, request.sessionId, { locationId: request.propertyId });
    return this.edit.handle({ id: messageId, response: request.message }, context);
  }
}
