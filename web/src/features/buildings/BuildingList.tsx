import { Alert, Button, Card, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useShellContext } from '../../app/pm-shell/PropertyManagerShell.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { useQueryFlag } from '../../lib/http/useQueryFlag.js';
import type { PropertyLocation } from '../../app/property-location.js';
import { AddBuildingDialog } from './AddBuildingDialog.js';
import { useListBuildingsQuery } from '../../app/generated/portfolio-api.js';
import { buildingUnitsPath } from '../../app/portfolio-paths.js';
import { buildingMessages, OPEN_ADD_BUILDING, type Building } from './building.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';

/** The buildings of one location, with Add a New Building (opened on arrival by ?openAddBuilding=true). */
export function BuildingList({ location }: { location: Pick<PropertyLocation, 'id' | 'name' | 'address_text'> }) {
  const { locations } = useShellContext();
  const query = useListBuildingsQuery({ location_id: location.id });
  const [flagOpen, clearFlag] = useQueryFlag(OPEN_ADD_BUILDING);
  const [adding, setAdding] = useState(false);
  useLoadErrorToast(query.isError, buildingMessages.listFailed);

  const close = () => {
    setAdding(false);
    if (flagOpen) clearFlag();
  };
  // The location named by the route may be one the shell's list does not hold yet (just created, or the list still
  // loading when a dialog opens on arrival): it is always offered, with its own address for the form's default.
  const choices = locations.some((item) => item.id === location.id) ? locations : [location, ...locations];

  return (
    <Card
      title={<PageTitle>Buildings</PageTitle>}
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          Add Building
        </Button>
      }
    >
      {query.isError ? <Alert type="error" showIcon role="alert" title={buildingMessages.listFailed} style={{ marginBottom: 16 }} /> : null}
      <Table<Building>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data ?? []}
        pagination={false}
        columns={[
          { title: 'Name', dataIndex: 'name', render: (name: string, building) => <Link to={buildingUnitsPath(building.id)}>{name}</Link> },
          { title: 'Address', dataIndex: 'address_text' },
          { title: 'Units', dataIndex: 'units_count' },
        ]}
      />
      <AddBuildingDialog open={adding || flagOpen} onClose={close} locations={choices} defaultLocationId={location.id} />
    </Card>
  );
}
