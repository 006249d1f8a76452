import type { EntityManager } from '@mikro-orm/postgresql';
import { v7 as uuidv7 } from 'uuid';
import { table } from '../routing/routing-tables.js';
import type { OutgoingSms, SmsSender } from './sms-sender.js';

/**
 * The local SMS carrier: a message "sent" to a phone is kept in `sandbox_phone_message`, where the sandbox phone page
 * reads it, the way a handset receives it from a real carrier. It works offline and is what `npm start` uses.
 */
export class SandboxSmsCarrier implements SmsSender {
  readonly provider = 'sandbox';

  constructor(private readonly em: EntityManager) {}

  async send(sms: OutgoingSms): Promise<{ providerId: string }> {
    const id = uuidv7();
    await this.em.fork().execute(
      `insert into ${table(this.em, 'sandbox_phone_message')} (id, from_number, to_number, body, media, created_at) values (?, ?, ?, ?, ?::jsonb, ?)`,
      [id, sms.from, sms.to, sms.body, JSON.stringify(sms.mediaUrls ?? []), new Date()],
    );
    return { providerId: `sandbox-${id}` };
  }
}
