import { DOCUMENT_REPROCESSING_STARTED, DOCUMENT_SUMMARY_NOT_AVAILABLE, documentFixture, type DocumentView } from '@pm/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, on, type stubBffRoutes } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { aLocation } from '../../app/test-fixtures.js';
import { previewTexts } from './document-preview.js';
import { SUMMARY_BEING_WRITTEN } from './DocumentSideCards.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const harbor = aLocation({ id: 'loc-harbor', name: 'Harbor View', type: 'MULTI_UNIT' });
const docx: DocumentView = {
  ...documentFixture,
  id: 'doc-1',
  original_name: 'move-in-checklist.docx',
  mime_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  status: 'FAILED',
  metadata: { ...documentFixture.metadata, failure_reason: 'The file could not be converted for preview.' },
};

function render(reprocess: () => Response, document: DocumentView = docx) {
  const view = renderManagerArea('/property-manager/documents/doc-1', {
    locations: [harbor],
    routes: [
      on('GET', 'document/doc-1', () => json(document)),
      on('GET', 'document/doc-1/summary', () => json({ statusCode: 404, message: DOCUMENT_SUMMARY_NOT_AVAILABLE }, 404)),
      on('GET', 'document/doc-1/extract', () =>
        json({
          document_id: 'doc-1',
          status: 'FAILED',
          facts: [
            { field: 'start_date', value: { kind: 'date', date: '2027-01-01' }, page: 1, sentence: 'The term of this lease begins on January 1, 2027.', span_start: 33, span_end: 48, derived: false, source: 'parser' },
            { field: 'monthly_rent', value: { kind: 'money', cents: 185_000, currency: 'USD' }, page: 2, sentence: 'Rent is $1,850 per month.', span_start: 8, span_end: 14, derived: false, source: 'model' },
          ],
        }),
      ),
      on('POST', 'document/doc-1/reprocess', reprocess),
    ],
  });
  bff = view.bff;
  return view;
}

describe('document page', () => {
  it('shows a failed office file\'s message with its reason and a download, the facts with their sentence, and reprocesses from the summary card', async () => {
    render(() => json({ message: DOCUMENT_REPROCESSING_STARTED, document: { ...docx, status: 'PROCESSING', progress: 0 } }));
    expect(await screen.findByText(previewTexts.failed)).toBeTruthy();
    expect(screen.getByText('The file could not be converted for preview.')).toBeTruthy();
    expect(within(screen.getByLabelText('Document preview')).getByRole('button', { name: /Download/ })).toBeTruthy();

    const facts = screen.getByLabelText('Extracted Details');
    expect(await within(facts).findByText(/The term of this lease begins on January 1, 2027\./)).toBeTruthy();
    expect(within(facts).getByLabelText('Start date: January 1, 2027')).toBeTruthy();
    expect(within(facts).getByLabelText('Monthly rent: $1,850.00')).toBeTruthy();
    expect(within(facts).getByText(/\(page 2\) · found by AI/)).toBeTruthy();

    const summary = screen.getByLabelText('AI Summary');
    expect(await within(summary).findByText('Document summary not available.')).toBeTruthy();
    fireEvent.click(within(summary).getByRole('button', { name: 'Process Document With AI' }));
    expect(await screen.findByText('Document reprocessing started successfully!')).toBeTruthy();
    const reprocess = bff!.requests.find((request) => request.method === 'POST' && request.path === '/api/document/doc-1/reprocess')!;
    expect(reprocess.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says so when reprocessing fails', async () => {
    render(() => json({ statusCode: 503, message: 'Unavailable' }, 503));
    const summary = await screen.findByLabelText('AI Summary');
    fireEvent.click(await within(summary).findByRole('button', { name: 'Process Document With AI' }));
    expect(await screen.findByText('Failed to reprocess document. Please try again.')).toBeTruthy();
  });

  it('says the summary is being written, with nothing to reprocess, while the AI reads a READY document', async () => {
    render(() => json({ statusCode: 500, message: 'not expected' }, 500), { ...docx, mime_type: 'application/pdf', original_name: 'lease.pdf', status: 'READY', metadata: documentFixture.metadata });
    const summary = await screen.findByLabelText('AI Summary');
    expect(await within(summary).findByText(SUMMARY_BEING_WRITTEN)).toBeTruthy();
    expect(within(summary).queryByRole('button', { name: 'Process Document With AI' })).toBeNull();
  });
});
