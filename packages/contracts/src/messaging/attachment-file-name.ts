import { safeFileName } from '../file-name.js';
import { messagingLimits } from './inbound.js';

/**
 * The name an attachment is listed and downloaded under (`safeFileName`, at most `messagingLimits.attachmentName`
 * characters); a name that ends empty becomes `attachment` with the extension of the sniffed type.
 */
export function attachmentFileName(given: string | undefined | null, extension: string): string {
  return safeFileName(given, `attachment.${extension}`, messagingLimits.attachmentName);
}
