/**
 * The file picker's filter for the vault's uploads: the types the vault takes (`VAULT_ACCEPTED_TYPES`, spec 001: pdf,
 * doc, docx, xml and common images) by extension, which pickers apply more reliably than MIME types (HEIC, TIFF).
 * The BFF still decides by the bytes.
 */
export const VAULT_FILE_ACCEPT = '.pdf,.doc,.docx,.xml,.png,.jpg,.jpeg,.gif,.webp,.heic,.tif,.tiff';
