import { appPorts } from '@pm/infra';
import { MailSink, waitFor, type SinkEmail } from '@pm/testing';
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { expectNoSeriousAxeViolations } from './support/page-checks.js';
import { harborView } from './support/messaging.js';
import { pickOption } from './support/steps.js';
import { MODEL_JOURNEY_TIMEOUT, MODEL_TIMEOUT, useBrowser } from './support/journey.js';

const browser = useBrowser();

/** Harbor View's emergency contact in the demo data (its plumbing vendor), whom urgent messages are e-mailed to. */
const EMERGENCY_CONTACT = 'dispatch@pacificcoastplumbing.example';
/** Maria Gonzalez (Harbor View, A101): her phone and e-mail on file make her a known tenant. */
const TENANT = { name: 'Maria Gonzalez', phone: '+16195550101' };

const unique = () => Date.now().toString(36);
/** The sandbox phone, as the tester playing the tenant: the location's number picked, the tenant's phone typed. */
async function openSandboxPhone(page: Page, number: string): Promise<void> {
  await page.goto('/property-manager/sandbox-phone');
  await page.getByRole('combobox', { name: 'Location number' }).click();
  await pickOption(page, number);
  await page.getByRole('textbox', { name: 'Your phone' }).fill(TENANT.phone);
}

/**
 * Issue 11's acceptance, in the browser against the local platform (real PostgreSQL, NATS, MinIO, the local model):
 * what a tenant sends reaches the inbox with a grounded URGENT draft, the emergency contact is e-mailed, a ticket is
 * open, and the owner's edited reply goes out and arrives. Asserts structure and state, never the model's wording.
 */
describe('messaging: a tenant writes, the owner approves, the reply arrives (issue 11 acceptance)', () => {
  it('an SMS about a leak: URGENT grounded draft, emergency contact e-mailed, ticket open; the edited reply reaches the sandbox phone and shows Sent', async () => {
    const { page } = await browser.open();
    const location = await harborView(page);

    const leak = `My kitchen sink is leaking, water everywhere (${unique()})`;
    await openSandboxPhone(page, location.number);
    await page.getByRole('textbox', { name: 'Message' }).fill(leak);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('list', { name: 'Conversation' }).getByText(leak).waitFor();

    // The inbox shows it from the tenant, flagged URGENT, with a draft that cites the location's knowledge.
    await page.goto('/property-manager/inbound-messages');
    const card = page.getByRole('article', { name: `SMS from ${TENANT.name}` }).filter({ hasText: leak });
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('URGENT', { exact: true }).waitFor({ timeout: MODEL_TIMEOUT });
    await card.getByRole('group', { name: 'Sources of the AI response' }).getByText(/^(Q&A|Rule): /).first().waitFor({ timeout: MODEL_TIMEOUT });
    await expectNoSeriousAxeViolations(page);

    // The emergency contact got an e-mail quoting the tenant, and a ticket is open for the message.
    const alert = await mailTo(EMERGENCY_CONTACT, (mail) => /^Urgent: /.test(mail.subject) && (mail.text ?? '').includes(leak));
    expect(alert.subject).toMatch(/Harbor View/);
    await page.goto('/property-manager/tickets');
    await page.getByRole('region', { name: 'Open' }).getByRole('listitem', { name: `Ticket from ${TENANT.name}` }).filter({ hasText: leak }).waitFor({ timeout: 30_000 });

    // The owner edits the draft and sends it.
    const reply = `A plumber is on the way; please close the valve under the sink. (${unique()})`;
    await page.goto('/property-manager/inbound-messages');
    await card.getByRole('textbox', { name: 'AI Response' }).fill(reply);
    await card.getByRole('button', { name: 'Send' }).click();
    await page.getByText('SMS sent successfully').waitFor();
    await card.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });

    // The sandbox phone receives it from the location's number, and Sent SMS lists it delivered.
    await openSandboxPhone(page, location.number);
    await page.getByRole('list', { name: 'Conversation' }).getByText(reply).waitFor({ timeout: 60_000 });
    await page.goto('/property-manager/sent-sms');
    await page.getByRole('row').filter({ hasText: reply }).getByText('Sent', { exact: true }).waitFor({ timeout: 60_000 });
  }, MODEL_JOURNEY_TIMEOUT);

  it('an e-mail with a PDF to the location\'s address: the message lists the attachment and downloads it, the edited reply goes out threaded and shows Sent', async () => {
    const { page } = await browser.open();
    const location = await harborView(page);

    // A tenant's mail client delivers to the location's address through messaging's SMTP receiver.
    const subject = `Water stain on the bedroom ceiling (${unique()})`;
    const bff = Number(new URL(process.env['E2E_BASE_URL'] ?? '').port);
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: 2525 + (bff - appPorts.bff), secure: false, ignoreTLS: true });
    try {
      await smtp.sendMail({
        from: `${TENANT.name} <maria.gonzalez@example.com>`,
        to: location.email,
        subject,
        text: 'There is a brown stain spreading on my bedroom ceiling. Photo report from my insurer attached.',
        attachments: [{ filename: 'ceiling-report.pdf', content: onePagePdf(), contentType: 'application/pdf' }],
      });
    } finally {
      smtp.close();
    }

    await page.goto('/property-manager/inbound-messages');
    const card = page.getByRole('article', { name: /^E-mail from / }).filter({ hasText: 'brown stain spreading' }).last();
    await card.waitFor({ timeout: 30_000 });
    const attachment = card.getByRole('list', { name: 'Attachments' }).getByRole('button', { name: /ceiling-report\.pdf/ });
    await attachment.waitFor();
    // It downloads through the BFF with the session's header: no token in the URL.
    const fetched = page.waitForResponse((response) => response.url().includes('/attachment/'));
    const [download] = await Promise.all([page.waitForEvent('download'), attachment.click()]);
    expect(download.suggestedFilename()).toBe('ceiling-report.pdf');
    expect((await fetched).status()).toBe(200);
    expect((await fetched).url()).not.toContain('token=');

    const reply = `Thank you; our contractor will inspect the ceiling tomorrow morning. (${unique()})`;
    await card.locator('textarea:not([disabled])').waitFor({ timeout: MODEL_TIMEOUT });
    await card.getByRole('textbox', { name: 'AI Response' }).fill(reply);
    await card.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Email sent successfully').waitFor();
    await card.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });

    // The tenant's mailbox (the mail sink) gets the reply from the location's address, in the thread.
    const answer = await mailTo('maria.gonzalez@example.com', (mail) => mail.subject === `Re: ${subject}` && (mail.text ?? '').includes(reply));
    expect(answer.subject).toBe(`Re: ${subject}`);
  }, MODEL_JOURNEY_TIMEOUT);
});

/** The newest e-mail in the mail sink to `address` that `matches`, waited for while the dispatcher delivers. */
async function mailTo(address: string, matches: (mail: SinkEmail) => boolean): Promise<SinkEmail> {
  const sink = new MailSink();
  let found: SinkEmail | undefined;
  await waitFor(
    async () => {
      found = (await sink.all()).filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address) && matches(mail)).at(-1);
      return found !== undefined;
    },
    { timeout: 60_000, description: `an e-mail to ${address}` },
  );
  return found!;
}

/** A one-page PDF, written out so the journey needs no file on disk. */
function onePagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 72 720 Td (Ceiling report) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
