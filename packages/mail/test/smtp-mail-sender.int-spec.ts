import { randomUUID } from 'node:crypto';
import { testEnv, waitFor } from '@pm/testing';
import { createMailSender, MailSinkClient } from '../src/index.js';

describe('SmtpMailSender against the mail sink', () => {
  it('delivers a text and HTML message that the sink shows to the addressee only', async () => {
    const { SMTP_URL, MAIL_UI_URL } = testEnv();
    const sender = createMailSender({ url: SMTP_URL, from: 'PM Platform <no-reply@pm.local>' });
    const to = `mail-${randomUUID()}@example.com`;
    try {
      const { messageId } = await sender.send({ to, subject: 'Hello', text: 'Plain body', html: '<p>HTML body</p>' });
      expect(messageId).toBeTruthy();
    } finally {
      await sender.close();
    }
    const sink = new MailSinkClient(MAIL_UI_URL);
    const [message] = await waitFor(async () => {
      const found = await sink.messagesTo(to);
      return found.length > 0 ? found : undefined;
    }, { timeout: 10_000, description: 'the message in the sink' });
    expect(message).toMatchObject({ subject: 'Hello' });
    expect(message!.text.trim()).toBe('Plain body');
    expect(message!.html).toContain('<p>HTML body</p>');
    expect(await sink.messagesTo(`someone-else-${randomUUID()}@example.com`)).toEqual([]);
  });
});
