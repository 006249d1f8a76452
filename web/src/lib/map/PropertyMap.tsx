import { mapConfig, type MapConfig } from './map-config.js';
import type { MapPin } from './map-pin.js';
import { OfflineUsMap } from './OfflineUsMap.js';
import { TileMap } from './TileMap.js';

/** The map beside the property form: tiles when a provider is configured, the offline outline otherwise. */
export function PropertyMap({ pin, config = mapConfig }: { pin?: MapPin | null | undefined; config?: MapConfig }) {
  return config.tileUrl ? <TileMap tileUrl={config.tileUrl} attribution={config.attribution} pin={pin} /> : <OfflineUsMap pin={pin} />;
}
