import { documentFixture } from '@pm/contracts';
import { canOpen, formatSize, PROGRESS_BAR_MAX_AGE_MS, showsProgressBar, statusColor, statusLabel, withLiveStatus } from './document-status.js';

describe('document status', () => {
  it('labels NEW as "Uploaded" and an unknown status with the product\'s "Unkown"', () => {
    expect(statusLabel('NEW')).toBe('Uploaded');
    expect(statusLabel('PROCESSED')).toBe('Processed');
    expect(statusLabel('ARCHIVED')).toBe('Unkown');
    expect(statusLabel('toString')).toBe('Unkown');
  });

  it('colours NEW and PROCESSING as info, PROCESSED as success and FAILED as error', () => {
    expect(statusColor('NEW')).toBe('processing');
    expect(statusColor('PROCESSING')).toBe('processing');
    expect(statusColor('PROCESSED')).toBe('success');
    expect(statusColor('FAILED')).toBe('error');
  });

  it('does not open NEW, PROCESSING, DELETING or DELETED documents', () => {
    for (const status of ['NEW', 'PROCESSING', 'DELETING', 'DELETED']) expect(canOpen(status)).toBe(false);
    for (const status of ['PENDING', 'READY', 'COMPLETED', 'PROCESSED', 'FAILED']) expect(canOpen(status)).toBe(true);
  });

  it('shows the progress bar for PROCESSING under 15 minutes old, and for DELETING', () => {
    const created = Date.parse('2026-11-25T10:00:00.000Z');
    const at = (status: 'PROCESSING' | 'DELETING' | 'PROCESSED') => ({ status, created_at: new Date(created).toISOString() });
    expect(showsProgressBar(at('PROCESSING'), created + PROGRESS_BAR_MAX_AGE_MS - 1)).toBe(true);
    expect(showsProgressBar(at('PROCESSING'), created + PROGRESS_BAR_MAX_AGE_MS)).toBe(false);
    expect(showsProgressBar(at('DELETING'), created + 24 * 3600_000)).toBe(true);
    expect(showsProgressBar(at('PROCESSED'), created)).toBe(false);
  });

  it('lets a live status event override the fetched status and progress', () => {
    const fetched = { ...documentFixture, status: 'PROCESSING' as const, progress: 10 };
    expect(withLiveStatus(fetched, new Map([[fetched.id, { status: 'PROCESSED', progress: 100 }]]))).toMatchObject({ status: 'PROCESSED', progress: 100 });
    expect(withLiveStatus(fetched, new Map())).toBe(fetched);
  });

  it('formats sizes', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(48_213)).toBe('47.1 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
