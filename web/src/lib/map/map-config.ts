/**
 * The map's provider is deployment data. With a raster tile URL template (VITE_MAP_TILE_URL, e.g.
 * `https://tile.openstreetmap.org/{z}/{x}/{y}.png`) the form shows a real map; without one it shows the offline
 * outline, so the product runs on one machine with no accounts. Tile providers require their attribution.
 */
export interface MapConfig {
  tileUrl: string | undefined;
  attribution: string | undefined;
}

// Optional chaining: jest runs these modules without Vite, where import.meta.env does not exist.
export const mapConfig: MapConfig = {
  tileUrl: import.meta.env?.VITE_MAP_TILE_URL || undefined,
  attribution: import.meta.env?.VITE_MAP_ATTRIBUTION || undefined,
};
