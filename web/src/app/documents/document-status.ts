import type { DocumentStatus, DocumentView } from '@pm/contracts';

/**
 * How a document's status shows (spec 001 §4 "Document status", §8). The vault list says "Uploaded" for NEW; a
 * status this build does not know (a newer service) shows the product's established label "Unkown" (sic, §8).
 */
export const UNKNOWN_STATUS_LABEL = 'Unkown';

const labels: Record<DocumentStatus, string> = {
  NEW: 'Uploaded',
  PROCESSING: 'Processing',
  PENDING: 'Pending',
  READY: 'Ready',
  COMPLETED: 'Completed',
  PROCESSED: 'Processed',
  FAILED: 'Failed',
  DELETING: 'Deleting',
  DELETED: 'Deleted',
};

export function statusLabel(status: string): string {
  return Object.hasOwn(labels, status) ? labels[status as DocumentStatus] : UNKNOWN_STATUS_LABEL;
}

/** antd Tag colours: NEW and PROCESSING are info, PROCESSED success, FAILED error (§4); the rest neutral. */
export function statusColor(status: string): 'processing' | 'success' | 'error' | 'warning' | 'default' {
  switch (status) {
    case 'NEW':
    case 'PROCESSING':
      return 'processing';
    case 'PROCESSED':
    case 'READY':
    case 'COMPLETED':
      return 'success';
    case 'FAILED':
      return 'error';
    case 'DELETING':
      return 'warning';
    default:
      return 'default';
  }
}

/** NEW, PROCESSING, DELETING and DELETED rows cannot be opened (§4): there is nothing final to show yet, or any more. */
export function canOpen(status: string): boolean {
  return !['NEW', 'PROCESSING', 'DELETING', 'DELETED'].includes(status);
}

/** A PROCESSING document older than this has stalled; its bar would only mislead (spec 001 §9). */
export const PROGRESS_BAR_MAX_AGE_MS = 15 * 60 * 1000;

/** The progress bar shows for PROCESSING only when created under 15 minutes ago, and for DELETING (§4). */
export function showsProgressBar(document: Pick<DocumentView, 'status' | 'created_at'>, now: number): boolean {
  if (document.status === 'DELETING') return true;
  if (document.status !== 'PROCESSING') return false;
  return now - Date.parse(document.created_at) < PROGRESS_BAR_MAX_AGE_MS;
}

/** A live status-stream event (document_id, status, progress) laid over a fetched document: the event wins (§4). */
export interface LiveDocumentStatus {
  status: string;
  progress: number;
}

export function withLiveStatus<T extends Pick<DocumentView, 'id' | 'status' | 'progress'>>(document: T, live: ReadonlyMap<string, LiveDocumentStatus>): T {
  const event = live.get(document.id);
  if (!event) return document;
  return { ...document, status: event.status as DocumentStatus, progress: event.progress };
}

/** Sizes as a person reads them: 48.2 KB, 3.1 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
