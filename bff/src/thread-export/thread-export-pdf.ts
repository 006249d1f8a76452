import PDFDocument from 'pdfkit';
import type { ThreadExport } from '@pm/contracts';
import { pdfBytes } from '../files/generated-files.js';

const MARGIN = 50;
const SMALL = 8;
const BODY = 10;

/**
 * The thread export as a PDF document a person reads (and prints): the session, each entry with its time, channel,
 * direction, sender, text, attachments, draft versions, approvals and delivery, its hashes, and the final hash with
 * the way to verify it. The JSON export is the record; this renders the same record. The final hash is also in the
 * document's metadata (Subject), where tools show it without reading the pages. PDFKit's standard fonts cover Latin
 * text (WinAnsi); characters beyond it print as PDFKit renders them.
 */
export function renderThreadExportPdf(record: ThreadExport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: `Message thread ${record.session.id}`,
      Subject: `Final hash (SHA-256): ${record.final_hash}`,
      Keywords: `${record.format} ${record.final_hash}`,
      Creator: 'PM Platform',
      CreationDate: new Date(record.exported_at),
    },
  });
  const done = pdfBytes(doc);

  const { session } = record;
  doc.font('Helvetica-Bold').fontSize(16).text('Message thread export');
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(BODY);
  line(doc, 'Thread', `${session.channel.toUpperCase()} ${session.id}`);
  line(doc, 'With', [session.tenant?.full_name ?? session.from.name, session.from.address].filter(Boolean).join(' '));
  line(doc, 'To', session.to);
  if (session.subject) line(doc, 'Subject', session.subject);
  line(doc, 'Exported', `${record.exported_at} by ${record.exported_by}`);
  line(doc, 'Entries', String(record.entries.length));
  doc.moveDown(0.5);
  hashBlock(doc, 'Final hash (SHA-256)', record.final_hash);
  doc.moveDown(1);

  for (const entry of record.entries) {
    doc.font('Helvetica-Bold').fontSize(BODY + 1);
    if (entry.kind === 'message') {
      doc.text(`${entry.seq}. ${entry.at}  ${entry.channel.toUpperCase()}  ${entry.direction === 'inbound' ? 'In' : 'Out'}  ${[entry.sender.name, entry.sender.address].filter(Boolean).join(' ')}`);
      doc.font('Helvetica').fontSize(BODY);
      if (entry.subject) line(doc, 'Subject', entry.subject);
      doc.text(entry.body || '(no text)');
      if (entry.attachments.length > 0) line(doc, 'Attachments', entry.attachments.map((a) => a.name).join(', '));
      for (const version of entry.draft_versions) {
        const who = version.edited_by ? `, edited by ${version.edited_by}` : version.requested_by ? `, asked by ${version.requested_by}` : '';
        small(doc, `Draft v${version.version} (${version.origin}, ${version.status}${version.urgent ? ', URGENT' : ''}${who}, ${version.created_at}): ${version.reply ?? ''}`);
      }
      for (const audit of entry.audit) small(doc, `${audit.at} ${audit.action.replace(/_/g, ' ')}${audit.actor ? ` by ${audit.actor}` : ' by the system'}${detailText(audit.detail)}`);
      for (const delivery of entry.deliveries) {
        small(doc, `Delivery ${delivery.channel} to ${delivery.to}: ${delivery.status}${delivery.sent_at ? ` at ${delivery.sent_at}` : ''}, ${delivery.attempts} attempt(s)${delivery.last_error ? `, last error: ${delivery.last_error}` : ''}`);
      }
    } else {
      doc.text(`${entry.seq}. ${entry.at}  ${entry.record.action.replace(/_/g, ' ')}${entry.record.actor ? ` by ${entry.record.actor}` : ' by the system'}`);
      doc.font('Helvetica').fontSize(BODY);
    }
    small(doc, `previous hash ${entry.previous_hash}`);
    small(doc, `hash ${entry.hash}`);
    doc.moveDown(0.8);
  }

  doc.font('Helvetica-Bold').fontSize(BODY).text('How to verify');
  doc.font('Helvetica').fontSize(SMALL).text(record.verification);
  doc.moveDown(0.5);
  hashBlock(doc, 'Genesis hash', record.genesis_hash);
  hashBlock(doc, 'Final hash (SHA-256)', record.final_hash);
  doc.end();
  return done;
}

function line(doc: PDFKit.PDFDocument, label: string, value: string): void {
  doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
}

function small(doc: PDFKit.PDFDocument, text: string): void {
  doc.fontSize(SMALL).fillColor('#444444').text(text).fillColor('black').fontSize(BODY);
}

function hashBlock(doc: PDFKit.PDFDocument, label: string, hash: string): void {
  doc.font('Helvetica-Bold').fontSize(BODY).text(label);
  doc.font('Courier').fontSize(BODY).text(hash);
  doc.font('Helvetica');
}

function detailText(detail: Record<string, unknown>): string {
  const parts = Object.entries(detail).map(([key, value]) => `${key.replace(/_/g, ' ')}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}
