import { Alert, Button, Card, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { useQueryFlag } from '../../lib/http/useQueryFlag.js';
import { useBuildingContext } from '../../app/pm-shell/useBuildingContext.js';
import { AddUnitDialog } from './AddUnitDialog.js';
import { useListUnitsQuery } from '../../app/generated/portfolio-api.js';
import { OPEN_ADD_UNIT, unitMessages, unitPath, type Unit } from './unit.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';

/** buildings/{id}/units: the building's units, with Add a New Unit (opened on arrival by ?openAddUnit=true). */
export function BuildingUnitsPage() {
  const { building } = useBuildingContext();
  const query = useListUnitsQuery({ buildingId: building.id });
  const [flagOpen, clearFlag] = useQueryFlag(OPEN_ADD_UNIT);
  const [adding, setAdding] = useState(false);
  useLoadErrorToast(query.isError, unitMessages.listFailed);

  const close = () => {
    setAdding(false);
    if (flagOpen) clearFlag();
  };

  return (
    <Card
      title={<PageTitle>Units</PageTitle>}
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          Add Unit
        </Button>
      }
    >
      {query.isError ? <Alert type="error" showIcon role="alert" title={unitMessages.listFailed} style={{ marginBottom: 16 }} /> : null}
      <Table<Unit>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data ?? []}
        pagination={false}
        columns={[
          { title: 'Name', dataIndex: 'name', render: (name: string, unit) => <Link to={unitPath(unit.id)}>{name}</Link> },
          { title: 'Tenants', dataIndex: 'tenants_count' },
        ]}
      />
      <AddUnitDialog buildingId={building.id} open={adding || flagOpen} onClose={close} />
    </Card>
  );
}
