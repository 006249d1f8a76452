import { Checkbox, Empty, Flex, Input, Select, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import type { Tenant } from '../tenant.js';
import { tenantMessages } from '../tenant-messages.js';

const ALL_BUILDINGS = '';

const label = (tenant: Tenant) => `${tenant.full_name} · ${tenant.unitName}`;

/**
 * The invite dialog's tenant picker (a form control: `value` the chosen ids). A location may have hundreds of
 * tenants to invite, so the list scrolls inside the dialog, narrows by a search (name or unit) and by building, and
 * "Select all" takes (or drops) every tenant shown; a choice hidden by the search or the building stays chosen.
 */
export function InviteTenantPicker({ tenants, value = [], onChange }: { tenants: Tenant[]; value?: string[]; onChange?: (ids: string[]) => void }) {
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [buildingId, setBuildingId] = useState(ALL_BUILDINGS);
  const buildings = useMemo(() => {
    const names = new Map<string, string>();
    for (const tenant of tenants) names.set(tenant.buildingId, tenant.buildingName);
    return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [tenants]);
  const term = search.trim().toLowerCase();
  const shown = tenants.filter((tenant) => (buildingId === ALL_BUILDINGS || tenant.buildingId === buildingId) && (!term || label(tenant).toLowerCase().includes(term)));
  const chosen = new Set(value);
  const shownChosen = shown.filter((tenant) => chosen.has(tenant.id)).length;
  // The order of the list, whatever order the choices were made in.
  const emit = (next: Set<string>) => onChange?.(tenants.filter((tenant) => next.has(tenant.id)).map((tenant) => tenant.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    emit(next);
  };
  const toggleShown = (on: boolean) => {
    const next = new Set(chosen);
    for (const tenant of shown) {
      if (on) next.add(tenant.id);
      else next.delete(tenant.id);
    }
    emit(next);
  };

  if (tenants.length === 0) return null;
  return (
    <Flex vertical gap="small">
      <Flex gap="small" wrap>
        <Input.Search
          allowClear
          aria-label="Search tenants to invite"
          placeholder={tenantMessages.inviteSearchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 220px' }}
        />
        {buildings.length > 1 ? (
          <Select
            aria-label={tenantMessages.selectBuilding}
            value={buildingId}
            onChange={setBuildingId}
            options={[{ value: ALL_BUILDINGS, label: tenantMessages.allBuildings }, ...buildings.map((building) => ({ value: building.id, label: building.name }))]}
            style={{ flex: '1 1 180px' }}
          />
        ) : null}
      </Flex>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Checkbox
          checked={shown.length > 0 && shownChosen === shown.length}
          indeterminate={shownChosen > 0 && shownChosen < shown.length}
          disabled={shown.length === 0}
          onChange={(event) => toggleShown(event.target.checked)}
        >
          {`${tenantMessages.selectAll} (${shown.length})`}
        </Checkbox>
        <Typography.Text type="secondary" aria-live="polite">
          {tenantMessages.selectedCount(chosen.size, tenants.length)}
        </Typography.Text>
      </Flex>
      <div
        role="group"
        aria-label="Tenants to choose from"
        style={{ maxHeight: 280, overflowY: 'auto', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: token.paddingXS }}
      >
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tenantMessages.noMatch} />
        ) : (
          <Flex vertical gap={8}>
            {shown.map((tenant) => (
              <Checkbox key={tenant.id} checked={chosen.has(tenant.id)} onChange={(event) => toggle(tenant.id, event.target.checked)}>
                {label(tenant)}
              </Checkbox>
            ))}
          </Flex>
        )}
      </div>
    </Flex>
  );
}
