import { render, screen } from '@testing-library/react';
import { UploadQueuePanel } from './UploadQueuePanel.js';
import { QUEUE_DISPLAY_COUNT, uploadForm, type QueuedUpload, type UploadQueue } from './upload-queue.js';

const file = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

describe('upload form', () => {
  it('sends the spec\'s fields (location_ids and tags as JSON), then the file\'s size and the file last', () => {
    const form = uploadForm(file('lease.pdf'), { locationIds: ['loc-1'], folderId: 'folder-1', categoryId: 2, tenantId: 'tenant-1' });
    const names = [...form.keys()];
    expect(names.slice(-2)).toEqual(['file_size', 'file']);
    expect(form.get('file_size')).toBe('8');
    expect(form.get('location_ids')).toBe('["loc-1"]');
    expect(form.get('folder_id')).toBe('folder-1');
    expect(form.get('category_id')).toBe('2');
    expect(form.get('tenant_id')).toBe('tenant-1');
    expect(form.get('data_type')).toBe('document');
    expect(form.get('tags')).toBe('{}');
    expect((form.get('file') as File).name).toBe('lease.pdf');
    expect(form.has('building_id')).toBe(false);
  });
});

describe('upload queue panel', () => {
  it('shows the current upload with its bar and message, and only the first 3 waiting files', () => {
    const waiting: QueuedUpload[] = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf'].map((name) => ({ key: name, file: file(name), target: { locationIds: ['loc-1'] } }));
    const queue: UploadQueue = {
      queue: waiting,
      shown: waiting.slice(0, QUEUE_DISPLAY_COUNT),
      current: { key: 'now', file: file('lease.pdf'), target: { locationIds: ['loc-1'] }, progress: { phase: 'retrying', percent: 0, message: 'Connection lost, retrying...', attempt: 2 } },
      finished: [{ key: 'x', name: 'virus.pdf', error: 'This file type is not accepted', documentIds: [] }],
      enqueue: () => undefined,
      cancel: () => undefined,
    };
    render(<UploadQueuePanel queue={queue} />);
    expect(screen.getByRole('progressbar', { name: 'Upload progress of lease.pdf' })).toBeTruthy();
    expect(screen.getByText('Connection lost, retrying...')).toBeTruthy();
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) expect(screen.getByText(name)).toBeTruthy();
    expect(screen.queryByText('d.pdf')).toBeNull();
    expect(screen.getByText('and 2 more')).toBeTruthy();
    expect(screen.getByText('virus.pdf: This file type is not accepted')).toBeTruthy();
  });
});
