import { appPorts, wordDocx } from '@pm/infra';
import nodemailer from 'nodemailer';
import PDFDocument from 'pdfkit';
import type { Page } from 'playwright-core';
import { harborView } from './support/messaging.js';
import { MODEL_JOURNEY_TIMEOUT, MODEL_TIMEOUT, useBrowser } from './support/journey.js';
import { expectNoSeriousAxeViolations } from './support/page-checks.js';
import { pickOption, pickRowAction } from './support/steps.js';

const browser = useBrowser();

const unique = () => Date.now().toString(36);
/** A phrase only the lease's second page holds: search must find the lease by its extracted text. */
const SECOND_PAGE_PHRASE = 'pets are permitted with written consent';

/** A two-page residential lease with start and end dates and rent, built with pdfkit so the journey needs no file. */
async function twoPageLease(tag: string): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'LETTER', info: { Title: `Lease ${tag}` } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  pdf.fontSize(18).text('RESIDENTIAL LEASE AGREEMENT', { align: 'center' }).moveDown();
  pdf.fontSize(11);
  pdf.text('This Residential Lease Agreement is made between Harbor View Apartments LLC ("Landlord") and Maria Gonzalez ("Tenant") for Unit A101, 1200 Harbor View Drive, San Diego, CA 92101.').moveDown();
  pdf.text('The term of this lease begins on January 1, 2027 and ends on December 31, 2027.').moveDown();
  pdf.text('Tenant shall pay monthly rent of $2,450.00, due on the first day of each month.').moveDown();
  pdf.text('Tenant shall pay a security deposit of $2,450.00 before moving in.');
  pdf.addPage();
  pdf.text(`Pets: ${SECOND_PAGE_PHRASE} of the Landlord, limited to one cat or one dog under 40 pounds.`).moveDown();
  pdf.text(`Either party may end the lease at the end of the term with 60 days written notice. Reference ${tag}.`);
  pdf.end();
  return done;
}

const row = (page: Page, name: string) => page.getByRole('table', { name: 'Vault documents' }).getByRole('row').filter({ hasText: name });

/**
 * Issue 12's acceptance, in the browser against the local platform (real PostgreSQL, NATS, MinIO, LibreOffice, the
 * local model): uploads show progress and reach PROCESSED live; the lease is categorised, summarised and its dates and
 * rent extracted with their sentences; the .docx previews as PDF; a document moves to another location; search finds
 * the lease by its second page; an e-mailed PDF lands in "E-mail attachments". Asserts structure, never model wording.
 */
describe('vault: upload, process, preview, move, search and e-mail attachments (issue 12 acceptance)', () => {
  it('a 2-page lease PDF and a .docx: progress, PROCESSED live, lease facts with sources, .docx as PDF, moved, found by page 2', async () => {
    const { page } = await browser.open();
    await harborView(page);
    const tag = unique();
    const leaseName = `lease-a101-${tag}.pdf`;
    const docxName = `move-in-checklist-${tag}.docx`;

    await page.goto('/property-manager/operations-hub/vault?openDocumentUpload=true&defaultCategoryId=2');
    const upload = page.getByRole('dialog').filter({ hasText: 'Upload Documents' });
    await upload.waitFor();
    await upload.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Files to upload').setInputFiles([
      { name: leaseName, mimeType: 'application/pdf', buffer: await twoPageLease(tag) },
      { name: docxName, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: wordDocx(`Move-in checklist ${tag}`, ['Keys, smoke alarms, meter readings.']) },
    ]);
    // The queue shows the current upload with its bar.
    await page.getByRole('progressbar', { name: new RegExp(`Upload progress of (${leaseName}|${docxName})`) }).first().waitFor();

    // Both reach Processed without a reload (the status stream drives the rows).
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && reloads.push(frame.url()));
    await row(page, leaseName).getByText('Processed', { exact: true }).waitFor({ timeout: MODEL_TIMEOUT });
    await row(page, docxName).getByText('Processed', { exact: true }).waitFor({ timeout: MODEL_TIMEOUT });
    expect(reloads).toEqual([]);
    await expect(row(page, leaseName).getByRole('cell', { name: 'Lease', exact: true }).count()).resolves.toBe(1);
    await expectNoSeriousAxeViolations(page);

    // The lease: a summary, and start, end and rent with the sentences they came from.
    await row(page, leaseName).getByText(leaseName).click();
    await page.waitForURL(/\/property-manager\/documents\/[^/]+$/);
    await page.getByLabel('Document preview').getByText('Page 1 of 2').waitFor({ timeout: 60_000 });
    const summary = page.getByLabel('AI Summary');
    await summary.locator('.ant-typography').filter({ hasNotText: 'Document summary not available.' }).first().waitFor({ timeout: MODEL_TIMEOUT });
    const facts = page.getByLabel('Extracted Details');
    await facts.getByText('The term of this lease begins on January 1, 2027 and ends on December 31, 2027.', { exact: false }).first().waitFor({ timeout: MODEL_TIMEOUT });
    // Dates and money as the page formats them from the facts' typed values (the parser and the model may both list one).
    await facts.getByRole('listitem', { name: 'Start date: January 1, 2027' }).first().waitFor();
    await facts.getByRole('listitem', { name: 'End date: December 31, 2027' }).first().waitFor();
    await facts.getByRole('listitem', { name: 'Monthly rent: $2,450.00' }).first().getByText(/monthly rent of \$2,450\.00/).waitFor();
    await expectNoSeriousAxeViolations(page);

    // The .docx previews as its converted PDF.
    await page.goto('/property-manager/operations-hub/vault');
    await row(page, docxName).getByText(docxName).click();
    await page.waitForURL(/\/property-manager\/documents\/[^/]+$/);
    await page.getByLabel('Document preview').getByText(/^Page 1 of \d+$/).waitFor({ timeout: 60_000 });
    await page.getByLabel('Document preview').locator('canvas').waitFor();

    // Search finds the lease by a phrase from its second page.
    await page.goto('/property-manager/operations-hub/vault');
    // The unfiltered list holds both: the search has answered once the .docx has left it.
    await page.getByRole('searchbox', { name: 'Search documents' }).fill(SECOND_PAGE_PHRASE);
    await row(page, docxName).waitFor({ state: 'detached', timeout: 30_000 });
    await row(page, leaseName).waitFor();

    // The .docx moves to another location: it leaves this vault.
    await page.getByRole('searchbox', { name: 'Search documents' }).fill('');
    const move = await pickRowAction(page, row(page, docxName).getByText(docxName), 'Move to another property');
    await move.getByRole('combobox', { name: 'Target property' }).click();
    await pickOption(page, /^(?!Harbor View Apartments).+/);
    await move.getByRole('button', { name: 'Move' }).click();
    await page.getByText('Document moved successfully').waitFor();
    await row(page, docxName).waitFor({ state: 'detached', timeout: 30_000 });
  }, MODEL_JOURNEY_TIMEOUT);

  it('a PDF e-mailed to the location\'s address appears in "E-mail attachments"', async () => {
    const { page } = await browser.open();
    const location = await harborView(page);
    const tag = unique();
    const fileName = `water-heater-invoice-${tag}.pdf`;
    const bff = Number(new URL(process.env['E2E_BASE_URL'] ?? '').port);
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: 2525 + (bff - appPorts.bff), secure: false, ignoreTLS: true });
    try {
      await smtp.sendMail({
        from: 'Maria Gonzalez <maria.gonzalez@example.com>',
        to: location.email,
        subject: `Invoice for the water heater (${tag})`,
        text: 'The plumber left this invoice; forwarding it for your records.',
        attachments: [{ filename: fileName, content: await twoPageLease(tag), contentType: 'application/pdf' }],
      });
    } finally {
      smtp.close();
    }

    // The folder is made when the location's first attachment is filed (the demo's invoice, or this one): the vault
    // page lists folders as they are when it loads, so the journey looks again until the e-mail has been filed.
    const folder = page.getByRole('list', { name: 'Folders' }).getByRole('link', { name: /^E-mail attachments/ });
    const deadline = Date.now() + 120_000;
    for (;;) {
      await page.goto('/property-manager/operations-hub/vault');
      const listed = await folder.waitFor({ timeout: 10_000 }).then(() => true, () => false);
      if (listed) break;
      if (Date.now() > deadline) throw new Error('"E-mail attachments" was not among the vault\'s folders within 2 minutes of the e-mail');
    }
    await folder.click();
    await page.waitForURL(/\/operations-hub\/vault\/folder\/[^/]+$/);
    await row(page, fileName).waitFor({ timeout: 120_000 });
  }, 400_000);
});
