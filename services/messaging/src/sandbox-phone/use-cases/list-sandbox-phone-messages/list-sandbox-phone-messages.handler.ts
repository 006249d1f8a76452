import { Injectable } from '@nestjs/common';
import { ListSandboxPhoneMessages, type RequestOf, type ResponseOf, type SandboxPhoneMessage } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { iso } from '../../../inbox/inbox.repository.js';
import { table } from '../../../routing/routing-tables.js';
import { SandboxPhone } from '../../sandbox-phone.js';

const LATEST = 200;

/**
 * The tester's phone as a conversation with the caller's locations' numbers: what it sent (the messages the webhook
 * stored from it) and what it received (what the sandbox carrier delivered to it), oldest first; and which tenant the
 * phone is at each number, so the tester knows whom they play.
 */
@Injectable()
@UseCase(ListSandboxPhoneMessages)
export class ListSandboxPhoneMessagesHandler implements UseCaseHandler<typeof ListSandboxPhoneMessages> {
  constructor(private readonly phone: SandboxPhone) {}

  async handle(request: RequestOf<typeof ListSandboxPhoneMessages>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListSandboxPhoneMessages>> {
    const reachable = await this.phone.numbers(em, caller);
    const numbers = reachable.map((n) => n.phoneNumber);
    if (numbers.length === 0) return { messages: [], callers: [] };
    const ours = `{${numbers.join(',')}}`;
    const rows = await em.execute<(Omit<SandboxPhoneMessage, 'media'> & { media: unknown[] })[]>(
      `select * from (
         select id::text, 'sent' as direction, to_address as number, body, media, ${iso('received_at')} as at, received_at as sort_at
           from ${table(em, 'message')}
          where channel = 'sms' and direction = 'inbound' and from_address = ? and to_address = any(?::text[])
         union all
         select id::text, 'received' as direction, from_number as number, body, media, ${iso('created_at')} as at, created_at as sort_at
           from ${table(em, 'sandbox_phone_message')}
          where to_number = ? and from_number = any(?::text[])
         order by sort_at desc, id desc limit ${LATEST}
       ) latest order by sort_at, id`,
      [request.phone, ours, request.phone, ours],
    );
    return {
      callers: await this.phone.callers(em, reachable, request.phone),
      messages: rows.map((row) => ({
        id: row.id,
        direction: row.direction,
        number: row.number,
        body: row.body,
        media: row.media.map((item) => (typeof item === 'string' ? item : String((item as { url?: unknown }).url ?? ''))).filter(Boolean),
        at: row.at,
      })),
    };
  }
}
