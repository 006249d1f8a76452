import type { EntityManager } from '@mikro-orm/postgresql';
import { v7 as uuidv7 } from 'uuid';
import { table } from '../routing/routing-tables.js';
import type { OutgoingSms, SmsSender } from './sms-sender.js';

/**
 * The local SMS carrier: a message "sent" to a phone is kept in `sandbox_phone_message`, where the sandbox phone page
 * reads it, the way a handset receives it from a real carrier. It works offline and is what `npm start` uses. It
 * carries a delivery once (unique on the delivery id), as a provider with an idempotency key does.
 */
export class SandboxSmsCarrier implements SmsSender {
  readonly provider = 'sandbox';
  readonly idempotent = true;

  constructor(private readonly em: EntityManager) {}

  async send(sms: OutgoingSms, deliveryId: string): Promise<{ providerId: string }> {
    const sandbox = table(this.em, 'sandbox_phone_message');
    const em = this.em.fork();
    const [row] = await em.execute<{ id: string }[]>(
      `with inserted as (
         insert into ${sandbox} (id, from_number, to_number, body, media, created_at, delivery_id) values (?, ?, ?, ?, ?::jsonb, ?, ?)
         on conflict (delivery_id) do nothing returning id)
       select id from inserted union all select id from ${sandbox} where delivery_id = ?`,
      [uuidv7(), sms.from, sms.to, sms.body, JSON.stringify(sms.mediaUrls ?? []), new Date(), deliveryId, deliveryId],
    );
    return { providerId: `sandbox-${row!.id}` };
  }
}
