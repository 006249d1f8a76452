import { Alert, Card, Spin, Statistic } from 'antd';
import { useGetMonthlyPaymentsQuery } from '../../../app/generated/payments-api.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { formatCents } from '../../../lib/format/money.js';

/** Spec 001 §8, word for word. */
export const rentCollectedTexts = {
  title: 'Total Rent Collected This Month',
  loadFailed: 'Failed to fetch monthly payments.',
} as const;

/**
 * Total Rent Collected This Month (spec 001 Dashboard): the location's settled payments this month, in cents (spec 001
 * §3 Monthly payments: currency and amount), summed as integers; ACH still processing is not collected yet.
 */
export function RentCollectedCard({ locationId }: { locationId: string }) {
  const monthly = useGetMonthlyPaymentsQuery({ location_id: locationId });
  useLoadErrorToast(monthly.isError, rentCollectedTexts.loadFailed);
  const cents = (monthly.data ?? []).filter((row) => row.currency === 'usd').reduce((sum, row) => sum + row.amount, 0);

  return (
    <Card title={<SectionTitle>{rentCollectedTexts.title}</SectionTitle>}>
      {monthly.isLoading ? <Spin description="Loading…" /> : null}
      {monthly.isError ? <Alert type="error" showIcon role="alert" title={rentCollectedTexts.loadFailed} /> : null}
      {monthly.data ? <Statistic value={formatCents(cents)} aria-label={`${rentCollectedTexts.title}: ${formatCents(cents)}`} /> : null}
    </Card>
  );
}
