import { Card, Flex, Result, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/http/error-message.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { buildingUnitsPath } from '../../app/portfolio-paths.js';
import { unitPanels } from '../../app/unit-panels.js';
import { useGetUnitQuery } from '../../app/generated/portfolio-api.js';
import { unitMessages } from './unit.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';

/** /property-manager/units/{id}: the unit and its tenants (the tenants feature's panel, which honours ?openAddTenant=true). */
export function UnitPage({ panels }: { panels?: readonly string[] } = {}) {
  const { id = '' } = useParams();
  const query = useGetUnitQuery({ id });
  useLoadErrorToast(query.isError, unitMessages.loadFailed);

  if (query.isLoading) return <Spin description="Loading…" />;
  if (!query.data) return <Result status="error" title={unitMessages.loadFailed} subTitle={errorMessage(query.error, '')} />;
  const unit = query.data;

  return (
    <Flex vertical gap="middle">
      <Card>
        <Link to={buildingUnitsPath(unit.building_id)}>{unit.building_name}</Link>
        <PageTitle>{unit.name}</PageTitle>
      </Card>
      {unitPanels
        .filter(({ key }) => !panels || panels.includes(key))
        .map(({ key, Component }) => (
        <Component key={key} unitId={unit.id} locationId={unit.property_location_id} />
      ))}
    </Flex>
  );
}

/** /property-manager/units/{id}/documents: the unit's page with its Documents only. */
export function UnitDocumentsPage() {
  return <UnitPage panels={['documents']} />;
}
