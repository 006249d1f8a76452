import type { RentPrice } from '@pm/contracts';
import { Alert, Card, Table, Tag } from 'antd';
import { useListRentPricesQuery } from '../../../app/generated/payments-api.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { formatCents } from '../../../lib/format/money.js';
import { rentTexts } from '../payment-texts.js';
import { formatDay } from '../rent-format.js';

/** Spec 001 §3: every rent the unit has had (amount in cents, per month), the current one marked active. */
export function RentPricesCard({ unitId }: { unitId: string }) {
  const prices = useListRentPricesQuery({ id: unitId });
  useLoadErrorToast(prices.isError, rentTexts.pricesLoadFailed);
  return (
    <Card title={<SectionTitle>Rent prices</SectionTitle>}>
      {prices.isError ? (
        <Alert type="error" showIcon role="alert" title={rentTexts.pricesLoadFailed} />
      ) : (
        <Table<RentPrice>
          rowKey="id"
          size="small"
          pagination={false}
          loading={prices.isFetching}
          dataSource={prices.data ?? []}
          locale={{ emptyText: rentTexts.noRent }}
          columns={[
            { title: 'Rent', dataIndex: 'amount', render: (amount: number) => `${formatCents(amount)} / month` },
            { title: 'Effective from', dataIndex: 'effective_from', render: (day: string) => formatDay(day) },
            { title: 'Status', dataIndex: 'active', render: (active: boolean) => (active ? <Tag color="success">Active</Tag> : <Tag>Past</Tag>) },
          ]}
        />
      )}
    </Card>
  );
}
