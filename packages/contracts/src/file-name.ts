/**
 * The name a file is listed and downloaded under, from the one its sender gave (a mail client, a browser's upload):
 * Unicode normalised (NFC), control and invisible formatting characters and lone surrogates removed, path separators and characters file
 * systems refuse replaced (so `../../etc/passwd` is just a name), runs of spaces collapsed, leading dots removed (no
 * hidden or `..` names), and at most `max` characters with the extension kept. A name that ends empty becomes
 * `fallback`. Never part of a storage key.
 */
export function safeFileName(given: string | undefined | null, fallback: string, max: number): string {
  const cleaned = (given ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const name = cleaned || fallback;
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return [...name.slice(0, name.length - ext.length)].slice(0, max - [...ext].length).join('') + ext;
}
