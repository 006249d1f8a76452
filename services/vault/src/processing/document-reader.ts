import { open } from 'node:fs/promises';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { convertToPdf, OcrReader, pagesNeedingOcr, readPdfText } from '@pm/document-reading';

/** The text of a document, page by page, and the PDF an office file was converted to (its preview). */
export interface ReadDocument {
  pages: { page: number; text: string; ocr: boolean }[];
  /** Path of the converted PDF, for office files only. */
  previewPdf: string | null;
}

const OFFICE_TYPES = new Set(['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']);
/** XML is read as text; beyond this much of it the rest is not read (a data export, not prose to search). */
const XML_TEXT_BYTES = 5 * 1024 * 1024;

/**
 * Reads a document's file (already in the caller's private temp dir) with @pm/document-reading: a PDF's text layer,
 * OCR for the pages that have none, images through OCR, office files converted to PDF first, XML as its text content.
 * One OCR worker per process (loading the model costs a second; a second worker would only compete for the cores).
 */
@Injectable()
export class DocumentReader implements OnApplicationShutdown {
  private readonly ocr = new OcrReader();

  async read(path: string, contentType: string, dir: string, options: { timeoutMs: number; signal: AbortSignal }): Promise<ReadDocument> {
    if (contentType === 'application/pdf') return { pages: await this.pdfPages(path, dir, options.timeoutMs), previewPdf: null };
    if (OFFICE_TYPES.has(contentType)) {
      const pdf = await convertToPdf(path, dir, { timeoutMs: options.timeoutMs, signal: options.signal, profileParent: dir });
      return { pages: await this.pdfPages(pdf, dir, options.timeoutMs), previewPdf: pdf };
    }
    if (contentType === 'application/xml') return { pages: [{ page: 1, text: await xmlText(path), ocr: false }], previewPdf: null };
    if (contentType.startsWith('image/')) {
      const { text } = await this.ocr.ocrImage(path);
      return { pages: [{ page: 1, text: text.trim(), ocr: true }], previewPdf: null };
    }
    throw new Error(`no reader for ${contentType}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.ocr.close();
  }

  /** The text layer of each page; the pages without one (a scan) are read by OCR instead. */
  private async pdfPages(path: string, dir: string, timeoutMs: number): Promise<ReadDocument['pages']> {
    const { pages } = await readPdfText(path, { timeoutMs });
    const result = pages.map((text, index) => ({ page: index + 1, text: text.trim(), ocr: false }));
    const scanned = pagesNeedingOcr(pages);
    if (scanned.length > 0) {
      for (const { page, text } of await this.ocr.ocrPdf(path, { pages: scanned, workDir: dir, timeoutMs })) {
        result[page - 1] = { page, text: text.trim(), ocr: true };
      }
    }
    return result;
  }
}

/** The character data of an XML file (tags, comments and processing instructions dropped, entities decoded). */
async function xmlText(path: string): Promise<string> {
  const handle = await open(path);
  let xml: string;
  try {
    const buffer = Buffer.alloc(XML_TEXT_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, XML_TEXT_BYTES, 0);
    xml = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  return xml
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, data: string) => ` ${data} `)
    .replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (entity, name: string) => decodeEntity(entity, name))
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

function decodeEntity(entity: string, name: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  const lower = name.toLowerCase();
  if (named[lower]) return named[lower];
  const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
}

