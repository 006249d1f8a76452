/**
 * An RFC 6266 `attachment` header for a user-chosen file name: `filename*` carries the exact name (RFC 8187 UTF-8
 * percent-encoding, which leaves no quote, CR, LF or semicolon to break out of the header), `filename` an ASCII
 * fallback for old clients. Any directory part is dropped, so a name like `../../etc/passwd` saves as `passwd`.
 */
export function attachmentDisposition(fileName: string): string {
  const name = baseName(fileName) || 'download';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

function baseName(fileName: string): string {
  // Control characters never belong in a name; removing them first also removes any header line break.
  const cleaned = fileName.normalize('NFC').replace(/\p{Cc}/gu, '');
  return (cleaned.split(/[/\\]/).pop() ?? '').trim().replace(/^\.+$/, '');
}

/** encodeURIComponent leaves ' ( ) * unescaped, which RFC 8187's attr-char does not allow. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
