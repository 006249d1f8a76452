/**
 * Web Mercator tile arithmetic of the "slippy map" scheme every raster tile server (OpenStreetMap, Mapbox
 * raster, MapTiler…) uses: at zoom z the world is 2^z × 2^z tiles of 256 px.
 */
export const TILE_SIZE = 256;

/** Fractional tile coordinates of a point at a zoom level. */
export function tileCoordinates(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = 2 ** zoom;
  const latRad = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * scale,
    y: ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * scale,
  };
}

export interface PlacedTile {
  key: string;
  url: string;
  left: number;
  top: number;
}

/** Fills `{z}`, `{x}`, `{y}` (and an optional `{s}` subdomain) of a tile URL template. */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  const subdomains = ['a', 'b', 'c'];
  return template
    .replaceAll('{z}', String(z))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y))
    .replaceAll('{s}', subdomains[(x + y) % subdomains.length]!);
}

/**
 * The tiles covering a `width` × `height` view centred on a point, with their pixel offsets in the view. Tiles
 * wrap around the antimeridian horizontally and stop at the poles vertically.
 */
export function tilesForView(template: string, center: { lat: number; lng: number }, zoom: number, width: number, height: number): PlacedTile[] {
  const count = 2 ** zoom;
  const middle = tileCoordinates(center.lat, center.lng, zoom);
  const originX = middle.x * TILE_SIZE - width / 2;
  const originY = middle.y * TILE_SIZE - height / 2;
  const tiles: PlacedTile[] = [];
  for (let ty = Math.floor(originY / TILE_SIZE); ty * TILE_SIZE < originY + height; ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(originX / TILE_SIZE); tx * TILE_SIZE < originX + width; tx++) {
      const wrappedX = ((tx % count) + count) % count;
      tiles.push({ key: `${zoom}/${tx}/${ty}`, url: tileUrl(template, zoom, wrappedX, ty), left: tx * TILE_SIZE - originX, top: ty * TILE_SIZE - originY });
    }
  }
  return tiles;
}
