import { messagingLimits } from './inbound.js';

/**
 * The name an attachment is listed and downloaded under, from the one the sender's mail client gave: Unicode
 * normalised (NFC), control and invisible formatting characters removed, path separators and characters file systems
 * refuse replaced, runs of spaces collapsed, leading dots removed (no hidden or `..` names), and at most
 * `messagingLimits.attachmentName` characters with the extension kept. A name that ends empty becomes `attachment`
 * with the extension of the sniffed type. Never part of a storage key.
 */
export function attachmentFileName(given: string | undefined | null, extension: string): string {
  const cleaned = (given ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const name = cleaned || `attachment.${extension}`;
  const chars = [...name];
  if (chars.length <= messagingLimits.attachmentName) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return [...name.slice(0, name.length - ext.length)].slice(0, messagingLimits.attachmentName - [...ext].length).join('') + ext;
}
