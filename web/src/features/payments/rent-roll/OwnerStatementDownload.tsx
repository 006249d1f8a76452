import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { selectAccessToken } from '../../../app/session-slice.js';
import { useAppSelector } from '../../../app/useAppSelector.js';
import { saveDownload } from '../../../lib/http/save-download.js';
import { todayIn } from '../rent-format.js';

/** Ours: the spec has no owner statement. */
export const statementTexts = {
  month: 'Statement month',
  pdf: 'Owner statement (PDF)',
  csv: 'Owner statement (CSV)',
  failed: 'The statement could not be downloaded. Please try again.',
} as const;

/**
 * The location's monthly owner statement, as a PDF to read or print and as CSV for a spreadsheet: the month chosen
 * (this month by default, in the location's time zone; no later one).
 */
export function OwnerStatementDownload({ locationId, timeZone }: { locationId: string; timeZone: string }) {
  const token = useAppSelector(selectAccessToken);
  const { notification } = useFeedback();
  const thisMonth = todayIn(timeZone).slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);

  const download = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      await saveDownload(`property-location/${encodeURIComponent(locationId)}/owner-statement/export?month=${month}&format=${format}`, null, token);
    } catch {
      notification.error({ title: statementTexts.failed });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form layout="inline" aria-label="Owner statement">
      <Form.Item label={statementTexts.month} htmlFor={`statement-month-${locationId}`}>
        <Input id={`statement-month-${locationId}`} type="month" value={month} max={thisMonth} min="2000-01" onChange={(event) => setMonth(event.target.value || thisMonth)} />
      </Form.Item>
      <Space wrap>
        <Button loading={busy === 'pdf'} disabled={month > thisMonth} onClick={() => void download('pdf')}>
          {statementTexts.pdf}
        </Button>
        <Button loading={busy === 'csv'} disabled={month > thisMonth} onClick={() => void download('csv')}>
          {statementTexts.csv}
        </Button>
      </Space>
    </Form>
  );
}
