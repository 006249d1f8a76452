import { Button, Card, Col, Descriptions, Row } from 'antd';
import { useNavigate } from 'react-router';
import { useShellContext } from '../../../app/pm-shell/PropertyManagerShell.js';
import { selectSessionUser } from '../../../app/session-slice.js';
import { useAppSelector } from '../../../app/useAppSelector.js';
import { propertyTypeLabel } from '../../../app/property-location.js';
import { ONBOARDING_CHECKLIST_PATH } from '../checklist-redirect.js';
import { checklistSteps } from '../onboarding-progress.js';
import { OnboardingProgressList } from '../onboarding-checklist/OnboardingProgressList.js';
import { AwaitingReplyCard } from './AwaitingReplyCard.js';
import { RentCollectedCard } from './RentCollectedCard.js';
import { UpcomingLeaseRenewals } from './UpcomingLeaseRenewals.js';
import { WelcomePanel } from '../../../app/pm-shell/WelcomePanel.js';
import { PageTitle, SectionTitle } from '../../../app/pm-shell/PageTitle.js';

/**
 * /property-manager/dashboard: the selected location, its onboarding progress, the messages awaiting a reply (live),
 * Upcoming Lease Renewals and Total Rent Collected This Month. Spec 001's Upcoming Events joins when the calendar
 * service exists; with no location yet the welcome panel shows.
 */
export function DashboardPage() {
  const navigate = useNavigate();
  const { selectedLocation, progress } = useShellContext();
  const user = useAppSelector(selectSessionUser);

  if (!selectedLocation) return <WelcomePanel />;
  const steps = checklistSteps(selectedLocation, progress, Boolean(user?.full_name && user.phone));

  return (
    <Row gutter={[24, 24]}>
      <Col span={24}>
        <PageTitle>Dashboard</PageTitle>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={<SectionTitle>Property</SectionTitle>}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Name">{selectedLocation.name}</Descriptions.Item>
            <Descriptions.Item label="Address">{selectedLocation.address_text}</Descriptions.Item>
            <Descriptions.Item label="Type">{propertyTypeLabel(selectedLocation.type) ?? '—'}</Descriptions.Item>
            {selectedLocation.type === 'MULTI_UNIT' ? (
              <Descriptions.Item label="Units">{selectedLocation.declared_units_count ?? '—'}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label="Rental property">{selectedLocation.is_rental_property ? 'Yes' : 'No'}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          title={<SectionTitle>Onboarding progress</SectionTitle>}
          extra={
            <Button type="link" onClick={() => void navigate(ONBOARDING_CHECKLIST_PATH)}>
              Open checklist
            </Button>
          }
        >
          <OnboardingProgressList steps={steps} />
        </Card>
      </Col>
      <Col span={24}>
        <AwaitingReplyCard locationId={selectedLocation.id} />
      </Col>
      <Col xs={24} lg={12}>
        <RentCollectedCard locationId={selectedLocation.id} />
      </Col>
      <Col span={24}>
        <UpcomingLeaseRenewals locationId={selectedLocation.id} />
      </Col>
    </Row>
  );
}
