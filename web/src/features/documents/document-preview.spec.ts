import { documentFixture } from '@pm/contracts';
import { clampPage, previewState, stepZoom, ZOOM_DEFAULT } from './document-preview.js';

const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const doc = (mime_type: string, status: string, has_preview_pdf = false) =>
  ({ ...documentFixture, mime_type, status, metadata: { ...documentFixture.metadata, has_preview_pdf } }) as typeof documentFixture;

describe('preview state', () => {
  it('shows images and PDFs inline whatever their status', () => {
    expect(previewState(doc('image/png', 'PROCESSING'))).toEqual({ kind: 'image' });
    expect(previewState(doc('application/pdf', 'NEW'))).toEqual({ kind: 'pdf', variant: 'original' });
  });

  it('shows an office file as its converted PDF once READY, COMPLETED or PROCESSED', () => {
    for (const status of ['READY', 'COMPLETED', 'PROCESSED']) expect(previewState(doc(docx, status, true))).toEqual({ kind: 'pdf', variant: 'preview' });
    expect(previewState(doc('application/msword', 'PROCESSED', true))).toEqual({ kind: 'pdf', variant: 'preview' });
  });

  it('shows the message of each other state', () => {
    expect(previewState(doc(docx, 'NEW'))).toEqual({ kind: 'converting' });
    expect(previewState(doc(docx, 'PROCESSING'))).toEqual({ kind: 'converting' });
    expect(previewState(doc(docx, 'PENDING'))).toEqual({ kind: 'pending' });
    expect(previewState(doc(docx, 'FAILED'))).toEqual({ kind: 'failed' });
    expect(previewState(doc('application/xml', 'PROCESSED'))).toEqual({ kind: 'unavailable' });
    expect(previewState(doc(docx, 'PROCESSED', false))).toEqual({ kind: 'unavailable' });
  });
});

describe('pdf navigation', () => {
  it('zooms from 100 to 600 in steps of 25', () => {
    expect(ZOOM_DEFAULT).toBe(100);
    expect(stepZoom(100, 1)).toBe(125);
    expect(stepZoom(100, -1)).toBe(100);
    expect(stepZoom(600, 1)).toBe(600);
    expect(stepZoom(125, -1)).toBe(100);
  });

  it('clamps pages to 1..page count', () => {
    expect(clampPage(0, 2)).toBe(1);
    expect(clampPage(3, 2)).toBe(2);
    expect(clampPage(2, 2)).toBe(2);
    expect(clampPage(Number.NaN, 2)).toBe(1);
    expect(clampPage(5, 0)).toBe(1);
  });
});
