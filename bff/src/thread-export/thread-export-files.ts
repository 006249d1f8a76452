import type { ThreadExport } from '@pm/contracts';
import type { GeneratedFile } from '../files/generated-files.js';
import { renderThreadExportPdf } from './thread-export-pdf.js';

export type ThreadExportFormat = 'json' | 'pdf';

/** Where the exports a link opens are kept (GeneratedFiles), for as long as a link can open them. */
export const THREAD_EXPORTS_PREFIX = 'bff/thread-exports';

/** The export as a file: its bytes, the name it is saved under, and its type. */
export async function threadExportFile(record: ThreadExport, format: ThreadExportFormat): Promise<GeneratedFile> {
  const stamp = record.exported_at.slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return {
    body: format === 'pdf' ? await renderThreadExportPdf(record) : Buffer.from(`${JSON.stringify(record, null, 2)}\n`, 'utf8'),
    fileName: `thread-${record.session.id}-${stamp}.${format}`,
    contentType: format === 'pdf' ? 'application/pdf' : 'application/json; charset=utf-8',
  };
}
