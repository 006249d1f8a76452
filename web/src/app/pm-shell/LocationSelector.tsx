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
      // Shrinks with the header on phones rather than pushing the user menu off screen.
      style={{ width: 360, maxWidth: '100%', minWidth: 0 }}
      popupMatchSelectWidth={false}
    />
  );
}
