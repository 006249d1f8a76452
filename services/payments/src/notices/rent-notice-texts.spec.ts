import { lateNoticeText, paymentLinksText, receiptText, reminderText } from './rent-notice-texts.js';

const amounts = (text: string) => text.match(/-?\$[0-9,]+\.[0-9]{2}/g) ?? [];

describe('rent notices, in English and in Spanish', () => {
  const texts = [
    receiptText({ tenantName: 'Ana Reyes', place: 'Building A, Unit 2B', amountCents: 185_000, paidOn: '2026-12-02', method: 'ach', balanceCents: 7_500 }),
    reminderText({ tenantName: 'Ana Reyes', place: 'Building A, Unit 2B', amountCents: 185_000, dueOn: '2027-01-01' }),
    lateNoticeText({ tenantName: 'Ana Reyes', place: 'Building A, Unit 2B', lateFeeCents: 7_500, balanceCents: 192_500, period: '2026-12' }),
    paymentLinksText({ tenantName: 'Ana Reyes', place: 'Building A, Unit 2B', links: [{ method: 'us_bank_account', url: 'https://pay.example/ach', total: 185_000, fee: 0 }, { method: 'card', url: 'https://pay.example/card', total: 190_395, fee: 5_395 }] }),
  ];

  it('states the same amounts in each language, in the e-mail and in the text', () => {
    for (const text of texts) {
      const es = text.translations.es;
      expect(amounts(es.body)).toEqual(amounts(text.body));
      expect(amounts(es.sms)).toEqual(amounts(text.sms));
      expect(amounts(es.subject)).toEqual(amounts(text.subject));
    }
  });

  it('writes dates in each language, and keeps a text within three SMS segments', () => {
    expect(texts[0]!.body).toContain('December 2, 2026');
    expect(texts[0]!.translations.es.body).toContain('2 de diciembre de 2026');
    expect(texts[2]!.translations.es.body).toContain('diciembre de 2026');
    for (const text of texts) for (const sms of [text.sms, text.translations.es.sms]) expect(sms.length).toBeLessThanOrEqual(480);
    // A text carries one link: the bank one, which has no fee.
    expect(texts[3]!.sms).toContain('https://pay.example/ach');
    expect(texts[3]!.sms).not.toContain('https://pay.example/card');
  });
});
