import type { LedgerLine } from '@pm/contracts';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useGetRentDetailsQuery, useGetUnitLedgerQuery } from '../../../app/generated/payments-api.js';
import { useFeedback } from '../../../app/feedback/useFeedback.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';
import { selectAccessToken } from '../../../app/session-slice.js';
import { useAppSelector } from '../../../app/useAppSelector.js';
import { saveDownload } from '../../../lib/http/save-download.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { formatCents } from '../../../lib/format/money.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { rentTexts } from '../payment-texts.js';
import { formatDay, ledgerKindLabels, paymentMethodLabels, paymentStatusTags, todayIn } from '../rent-format.js';
import { AdjustmentDialog, RefundDialog } from './LedgerCorrectionDialogs.js';
import { RecordPaymentDialog } from './RecordPaymentDialog.js';

/**
 * A unit's ledger: the balance, what is still processing, and the statement's lines oldest first, each with the
 * running balance of the whole ledger, for the days chosen (`from`/`to`, both included). Record Payment, Add
 * Adjustment and a payment's Refund for a role with `payment:write`. The unit rent view and the tenant's Payments tab show the same component.
 */
export function UnitLedger({ unitId, canWrite, title = 'Ledger' }: { unitId: string; canWrite: boolean; title?: string }) {
  const [days, setDays] = useState<{ from?: string; to?: string }>({});
  const token = useAppSelector(selectAccessToken);
  const { notification } = useFeedback();
  const [recording, setRecording] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [refunding, setRefunding] = useState<LedgerLine | null>(null);
  const invalidDays = days.from !== undefined && days.to !== undefined && days.to < days.from;
  const ledger = useGetUnitLedgerQuery({ id: unitId, ...(days.from ? { from: days.from } : {}), ...(days.to ? { to: days.to } : {}) }, { skip: invalidDays });
  // The location's time zone decides which day is today for a payment's date (the same request as the rent card's).
  const rent = useGetRentDetailsQuery({ id: unitId });
  useLoadErrorToast(ledger.isError, rentTexts.ledgerLoadFailed);
  const today = todayIn(rent.data?.time_zone ?? 'UTC');

  return (
    <Card
      title={<SectionTitle>{title}</SectionTitle>}
      extra={
        <Space wrap>
          <Button onClick={() => void saveDownload(`unit/${encodeURIComponent(unitId)}/ledger/export`, null, token).catch(() => notification.error({ title: 'The ledger could not be downloaded. Please try again.' }))}>
            Download CSV
          </Button>
          {canWrite ? (
            <>
              <Button onClick={() => setAdjusting(true)}>Add Adjustment</Button>
              <Button type="primary" onClick={() => setRecording(true)}>
                Record Payment
              </Button>
            </>
          ) : null}
        </Space>
      }
    >
      <Flex vertical gap="middle">
        {ledger.data ? (
          <Descriptions column={{ xs: 1, md: 3 }} size="small">
            <Descriptions.Item label="Balance">{formatCents(ledger.data.balance)}</Descriptions.Item>
            <Descriptions.Item label="Processing">{formatCents(ledger.data.processing)}</Descriptions.Item>
            <Descriptions.Item label="Lines">{`${ledger.data.lines.length} of ${ledger.data.total_lines}`}</Descriptions.Item>
          </Descriptions>
        ) : null}
        <Form layout="inline" aria-label="Ledger dates">
          <Form.Item label="From" htmlFor={`ledger-from-${unitId}`}>
            <Input id={`ledger-from-${unitId}`} type="date" value={days.from ?? ''} onChange={(event) => setDays((current) => ({ ...current, from: event.target.value || undefined }))} />
          </Form.Item>
          <Form.Item label="To" htmlFor={`ledger-to-${unitId}`}>
            <Input id={`ledger-to-${unitId}`} type="date" value={days.to ?? ''} onChange={(event) => setDays((current) => ({ ...current, to: event.target.value || undefined }))} />
          </Form.Item>
          {days.from || days.to ? <Button onClick={() => setDays({})}>All dates</Button> : null}
        </Form>
        {invalidDays ? <Alert type="warning" showIcon title="The end of the range is before its start." /> : null}
        {ledger.isError ? (
          <Alert type="error" showIcon role="alert" title={rentTexts.ledgerLoadFailed} description={errorMessage(ledger.error, '')} />
        ) : (
          <Table<LedgerLine>
            rowKey="entry_id"
            size="small"
            loading={ledger.isFetching}
            dataSource={invalidDays ? [] : (ledger.data?.lines ?? [])}
            pagination={{ pageSize: 24, hideOnSinglePage: true }}
            locale={{ emptyText: 'No ledger lines for these dates' }}
            scroll={{ x: true }}
            columns={[
              { title: 'Date', dataIndex: 'date', render: (day: string) => formatDay(day) },
              { title: 'Description', dataIndex: 'description' },
              { title: 'Kind', dataIndex: 'kind', render: (kind: LedgerLine['kind']) => ledgerKindLabels[kind] },
              { title: 'Method', dataIndex: 'method', render: (method: LedgerLine['method']) => (method ? paymentMethodLabels[method] : '—') },
              {
                title: 'Status',
                dataIndex: 'status',
                render: (status: LedgerLine['status']) => (status ? <Tag color={paymentStatusTags[status].color}>{paymentStatusTags[status].label}</Tag> : null),
              },
              { title: 'Amount', dataIndex: 'amount', align: 'right', render: (amount: number) => formatCents(amount) },
              { title: 'Balance', dataIndex: 'balance', align: 'right', render: (balance: number) => formatCents(balance) },
              ...(canWrite
                ? [
                    {
                      title: '',
                      key: 'actions',
                      render: (_: unknown, line: LedgerLine) =>
                        refundable(line) ? (
                          <Button size="small" onClick={() => setRefunding(line)}>
                            Refund
                          </Button>
                        ) : null,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Flex>
      {canWrite ? <RecordPaymentDialog unitId={unitId} today={today} open={recording} onClose={() => setRecording(false)} /> : null}
      {canWrite && adjusting ? <AdjustmentDialog unitId={unitId} today={today} onClose={() => setAdjusting(false)} /> : null}
      {canWrite && refunding ? <RefundDialog unitId={unitId} line={refunding} leftCents={refunding.refundable ?? 0} onClose={() => setRefunding(null)} /> : null}
    </Card>
  );
}

/** A payment that has arrived and still counts for something (the service says what is left of it). */
const refundable = (line: LedgerLine) => line.kind === 'payment' && (line.refundable ?? 0) > 0;
