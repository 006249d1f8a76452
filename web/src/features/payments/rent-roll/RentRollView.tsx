import type { GetLocationRentRoll, ResponseOf } from '@pm/contracts';
import { Alert, Card, Descriptions, Flex, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useGetLocationRentRollQuery } from '../../../app/generated/payments-api.js';
import { PageTitle } from '../../../app/pm-shell/PageTitle.js';
import { buildingPath, unitPath } from '../../../app/portfolio-paths.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { formatCents } from '../../../lib/format/money.js';
import { errorMessage } from '../../../lib/http/error-message.js';
import { CursorPager } from '../../../lib/pages/CursorPager.js';
import { useCursorPages } from '../../../lib/pages/useCursorPages.js';
import { rentTexts } from '../payment-texts.js';
import { formatDay, ordinalDay } from '../rent-format.js';
import { OwnerStatementDownload } from './OwnerStatementDownload.js';

type RentRollRow = ResponseOf<typeof GetLocationRentRoll>['units']['items'][number];

/**
 * A location's rent (spec 001 §2 property-locations/{locationId}/rent and rent): its units, a page at a time, each with its rent, due day,
 * balance, what is processing and its last payment, each unit linking to its page (the unit rent view), and the
 * location's totals, and the monthly owner statement to download.
 */
export function RentRollView({ locationId, title }: { locationId: string; title: string }) {
  const pages = useCursorPages();
  const roll = useGetLocationRentRollQuery({ id: locationId, ...(pages.cursor ? { cursor: pages.cursor } : {}) });
  useLoadErrorToast(roll.isError, rentTexts.rentRollLoadFailed);
  const totals = roll.data?.totals;

  return (
    <Card title={<PageTitle>{title}</PageTitle>}>
      <Flex vertical gap="middle">
        {totals ? (
          <Descriptions column={{ xs: 1, md: 4 }} size="small" bordered>
            <Descriptions.Item label="Monthly rent">{formatCents(totals.rent)}</Descriptions.Item>
            <Descriptions.Item label="Balance">{formatCents(totals.balance)}</Descriptions.Item>
            <Descriptions.Item label="Processing">{formatCents(totals.processing)}</Descriptions.Item>
            <Descriptions.Item label="Collected this month">{formatCents(totals.collected_this_month)}</Descriptions.Item>
          </Descriptions>
        ) : null}
        {roll.data ? <OwnerStatementDownload locationId={locationId} timeZone={roll.data.time_zone} /> : null}
        {roll.isError ? (
          <Alert type="error" showIcon role="alert" title={rentTexts.rentRollLoadFailed} description={errorMessage(roll.error, '')} />
        ) : (
          <Table<RentRollRow>
            rowKey="unit_id"
            size="small"
            loading={roll.isFetching}
            dataSource={roll.data?.units.items ?? []}
            pagination={false}
            locale={{ emptyText: 'No units yet' }}
            scroll={{ x: true }}
            columns={[
              { title: 'Unit', dataIndex: 'unit_name', render: (name: string, row) => <Link to={unitPath(row.unit_id)}>{name}</Link> },
              { title: 'Building', dataIndex: 'building_name', render: (name: string, row) => <Link to={buildingPath(row.building_id)}>{name}</Link> },
              { title: 'Rent', dataIndex: 'rent', align: 'right', render: (rent: number | null) => (rent === null ? <Tag>Not set</Tag> : `${formatCents(rent)} / month`) },
              { title: 'Due day', dataIndex: 'due_day', render: (day: number | null) => (day === null ? '—' : ordinalDay(day)) },
              { title: 'Balance', dataIndex: 'balance', align: 'right', render: (balance: number) => formatCents(balance) },
              { title: 'Processing', dataIndex: 'processing', align: 'right', render: (processing: number) => formatCents(processing) },
              { title: 'Last payment', dataIndex: 'last_payment_on', render: (day: string | null) => (day ? formatDay(day) : '—') },
            ]}
          />
        )}
        <CursorPager pages={pages} nextCursor={roll.data?.units.next_cursor} total={roll.data?.units.total} noun="units" />
      </Flex>
    </Card>
  );
}
