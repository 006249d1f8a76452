import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RENT_NOTICE_KINDS, RentNoticeRequested } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { DirectoryRepository, type UnitPlace } from '../directory/directory.repository.js';
import { table } from '../payments-tables.js';
import type { NoticeText } from './rent-notice-texts.js';

type NoticeKind = (typeof RENT_NOTICE_KINDS)[number];

/**
 * Rent notices to a unit's current tenants (those with an e-mail address or a phone number), asked of messaging through
 * the outbox in the caller's transaction: `RentNoticeRequested`, which messaging sends by e-mail from the location's
 * address and by SMS from its number. A notice is asked
 * once per tenant and `noticeId` (a receipt per payment, a reminder and a late notice per charge): the `rent_notice`
 * row is written with the event, so a schedule run again or a webhook delivered twice asks nothing more.
 */
@Injectable()
export class RentNotices {
  constructor(private readonly directory: DirectoryRepository) {}

  /** Asks for the notice for each current tenant of the unit; answers how many were asked now (not before). */
  async request(em: EntityManager, place: UnitPlace, notice: { id: string; kind: NoticeKind; requestedBy: string | null }, text: (tenantName: string) => NoticeText): Promise<number> {
    let asked = 0;
    for (const tenant of await this.directory.tenantsOf(em, place.unitId)) {
      const [email] = tenant.emails;
      const [phone] = tenant.phones;
      if (!email && !phone) continue;
      const noticeId = `${notice.id}:${tenant.tenantId}`;
      const inserted = await em.execute<{ notice_id: string }[]>(
        `insert into ${table(em, 'rent_notice')} (notice_id, kind, unit_id) values (?, ?, ?) on conflict do nothing returning notice_id`,
        [noticeId, notice.kind, place.unitId],
        'all',
      );
      if (inserted.length === 0) continue;
      const { subject, body, sms, translations } = text(tenant.fullName || 'there');
      recordEvent(em, RentNoticeRequested, {
        noticeId,
        kind: notice.kind,
        accountId: place.accountId,
        locationId: place.locationId,
        buildingId: place.buildingId,
        tenantId: tenant.tenantId,
        email: email ?? null,
        phone: phone ?? null,
        subject,
        body,
        sms,
        translations,
        requestedBy: notice.requestedBy,
      });
      asked++;
    }
    return asked;
  }
}
