import { Button, Card, Descriptions, Flex, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { SectionNav } from '../../app/pm-shell/SectionNav.js';
import { useShellContext } from '../../app/pm-shell/PropertyManagerShell.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { useGetPropertyLocationQuery, useGetBuildingQuery } from '../../app/generated/portfolio-api.js';
import { isSingleFamilyLike } from '../../app/property-location.js';
import { buildingListPath, buildingPath } from '../../app/portfolio-paths.js';
import { useBuildingContext, type BuildingContext } from '../../app/pm-shell/useBuildingContext.js';
import { buildingMessages } from './building.js';
import { PageTitle, RecordSections } from '../../app/pm-shell/PageTitle.js';
import { canSendMessages } from '../../app/messaging/bulk/bulk-messages.js';
import { SendBulkEmailDialog } from '../../app/messaging/bulk/SendBulkEmailDialog.js';
import { SendBulkSmsDialog } from '../../app/messaging/bulk/SendBulkSmsDialog.js';


/**
 * /property-manager/buildings/{id}: the building's header, with "All Buildings" back to its location's list
 * (hidden for single-family locations, which have one building at most), and its tabs: Overview, Units, Documents,
 * E-mail templates and Signature.
 */
export function BuildingLayout() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const shell = useShellContext();
  const query = useGetBuildingQuery({ id });
  const locationId = query.data?.property_location_id;
  const location = useGetPropertyLocationQuery({ id: locationId ?? '' }, { skip: !locationId }).data;
  useLoadErrorToast(query.isError, buildingMessages.loadFailed);

  if (query.isLoading) return <Spin description="Loading…" />;
  if (!query.data) return <Result status="error" title={buildingMessages.loadFailed} subTitle={errorMessage(query.error, '')} />;

  const building = query.data;
  const base = buildingPath(building.id);
  const sections = [
    { key: 'overview', label: 'Overview', to: base },
    { key: 'units', label: 'Units', to: `${base}/units` },
    { key: 'documents', label: 'Documents', to: `${base}/documents` },
    { key: 'email-templates', label: 'E-mail templates', to: `${base}/email-templates` },
    { key: 'signature', label: 'Signature', to: `${base}/signature` },
  ];
  const activeKey = sections.find((section) => section.key !== 'overview' && pathname.startsWith(section.to))?.key ?? 'overview';
  const context: BuildingContext = { ...shell, building, buildingLocation: location };

  return (
    <Flex vertical gap="middle">
      <Card>
        {location && !isSingleFamilyLike(location.type) ? <Link to={buildingListPath(location.id)}>All Buildings</Link> : null}
        <PageTitle>{building.name}</PageTitle>
        <Typography.Text type="secondary">{building.address_text}</Typography.Text>
        <SectionNav
          label="Building sections"
          activeKey={activeKey}
          sections={sections}
        />
      </Card>
      <RecordSections>
        <Outlet context={context} />
      </RecordSections>
    </Flex>
  );
}

/** buildings/{id}: what the building is, and the bulk dialogs to write to all its tenants at once. */
export function BuildingOverviewPage() {
  const { building, buildingLocation } = useBuildingContext();
  const [dialog, setDialog] = useState<'email' | 'sms' | null>(null);
  const canSend = canSendMessages(buildingLocation?.access_role);
  return (
    <Card
      title={<PageTitle>Overview</PageTitle>}
      extra={
        canSend ? (
          <Space wrap>
            <Button onClick={() => setDialog('email')}>Send Bulk E-mail</Button>
            <Button onClick={() => setDialog('sms')}>Send Bulk SMS</Button>
          </Space>
        ) : null
      }
    >
      <SendBulkEmailDialog buildingId={building.id} open={dialog === 'email'} onClose={() => setDialog(null)} />
      <SendBulkSmsDialog buildingId={building.id} locationId={building.property_location_id} open={dialog === 'sms'} onClose={() => setDialog(null)} />
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Name">{building.name}</Descriptions.Item>
        <Descriptions.Item label="Address">{building.address_text}</Descriptions.Item>
        <Descriptions.Item label="Property location">{buildingLocation?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Units">
          <Link to={`${buildingPath(building.id)}/units`}>{building.units_count}</Link>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
