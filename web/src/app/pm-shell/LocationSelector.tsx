import { Select } from 'antd';
import type { PropertyLocation } from '../property-location.js';

/** The property location selector of the manager header (spec 000 section 6: managers only). */
export function LocationSelector({
  locations,
  selectedId,
  onSelect,
}: {
  locations: readonly PropertyLocation[];
  selectedId: string | undefined;
  onSelect: (locationId: string) => void;
}) {
  return (
    <Select
      aria-label="Property location"
      value={selectedId}
      onChange={onSelect}
      options={locations.map((location) => ({ value: location.id, label: location.name }))}
      style={{ minWidth: 220, maxWidth: 360 }}
      popupMatchSelectWidth={false}
    />
  );
}
