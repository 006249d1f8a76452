export { FileStore, MIN_PART_SIZE, type FileStoreOptions, type OpenedFile, type PutLimits, type StoredFile } from './file-store.js';
export { FilesModule, fileStoreOptionsFromEnv } from './files.module.js';
export { attachmentDisposition } from './content-disposition.js';
export { CONTENT_TYPE_LABELS, SNIFFABLE_TYPES, SNIFF_BYTES, sniffContentType, type SniffedContentType } from './sniff-content-type.js';
