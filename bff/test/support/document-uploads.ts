import { UploadStreamEventSchema, type DocumentView, type UploadStreamEvent } from '@pm/contracts';
import type { PlatformSession } from './property-manager.js';

/** The upload stream's answer read back: each `data:` event parsed by its contract, and the closing `[DONE]`. */
export function uploadStreamEvents(text: string): (UploadStreamEvent | '[DONE]')[] {
  return text
    .split('\n\n')
    .filter((block) => block.length > 0)
    .map((block) => {
      if (!block.startsWith('data: ')) throw new Error(`an upload stream block that is no data event: ${JSON.stringify(block)}`);
      const data = block.slice('data: '.length);
      return data === '[DONE]' ? '[DONE]' : UploadStreamEventSchema.parse(JSON.parse(data));
    });
}

/**
 * Uploads one file as the vault page does (`document/v2/upload-stream`), for the locations given (none: a document
 * pending its location), and answers the filed document; fails unless the stream completes.
 */
export async function uploadDocument(baseUrl: string, session: PlatformSession, file: { bytes: Buffer; fileName: string; locationIds: string[] }): Promise<DocumentView> {
  const form = new FormData();
  if (file.locationIds.length > 0) form.append('location_ids', JSON.stringify(file.locationIds));
  form.append('file', new Blob([file.bytes]), file.fileName);
  const response = await fetch(`${baseUrl}/api/document/v2/upload-stream`, { method: 'POST', body: form, headers: { authorization: session.authorization } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`the upload answered ${response.status}: ${text}`);
  const completed = uploadStreamEvents(text).find((event): event is Extract<UploadStreamEvent, { status: 'completed' }> => event !== '[DONE]' && event.status === 'completed');
  if (!completed) throw new Error('the upload did not complete');
  return completed.documents[0]!.document;
}
