import type { DocumentView } from '@pm/contracts';

/**
 * Which preview the document page shows (spec 001 §4 "Preview"): images and PDFs inline; a convertible office file
 * as its converted PDF once READY, COMPLETED or PROCESSED; otherwise the message of its state.
 */
export type PreviewState =
  | { kind: 'image' }
  | { kind: 'pdf'; variant: 'original' | 'preview' }
  | { kind: 'converting' }
  | { kind: 'pending' }
  | { kind: 'failed' }
  | { kind: 'unavailable' };

const OFFICE_TYPES = new Set(['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']);
const CONVERTED_STATUSES = new Set(['READY', 'COMPLETED', 'PROCESSED']);

export function previewState(document: Pick<DocumentView, 'mime_type' | 'status'> & { metadata: Pick<DocumentView['metadata'], 'has_preview_pdf'> }): PreviewState {
  if (document.mime_type.startsWith('image/') && document.mime_type !== 'image/tiff' && document.mime_type !== 'image/heic') return { kind: 'image' };
  if (document.mime_type === 'application/pdf') return { kind: 'pdf', variant: 'original' };
  if (OFFICE_TYPES.has(document.mime_type) && CONVERTED_STATUSES.has(document.status) && document.metadata.has_preview_pdf) return { kind: 'pdf', variant: 'preview' };
  if (document.status === 'NEW' || document.status === 'PROCESSING') return { kind: 'converting' };
  if (document.status === 'PENDING') return { kind: 'pending' };
  if (document.status === 'FAILED') return { kind: 'failed' };
  return { kind: 'unavailable' };
}

export const previewTexts = {
  converting: 'This document is being prepared for preview. It will appear here when processing finishes.',
  pending: 'This document is waiting to be processed. You can download it in the meantime.',
  failed: 'Processing failed for this document, so no preview is available. You can still download it.',
  unavailable: 'A preview is not available for this file type. You can download it instead.',
} as const;

/** Spec 001 §2/§9: zoom 100–600 % in steps of 25, default 100; pages clamped to 1..page count. */
export const ZOOM_MIN = 100;
export const ZOOM_MAX = 600;
export const ZOOM_STEP = 25;
export const ZOOM_DEFAULT = 100;

export function stepZoom(zoom: number, direction: 1 | -1): number {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom + direction * ZOOM_STEP));
}

export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page) || pageCount < 1) return 1;
  return Math.min(pageCount, Math.max(1, Math.trunc(page)));
}
