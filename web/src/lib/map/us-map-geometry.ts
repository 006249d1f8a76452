import { projectAlbersUsa } from './albers-usa.js';
import { lower48Outline } from './us-outline.js';

export interface UsMapGeometry {
  width: number;
  height: number;
  /** SVG path of the outline. */
  outlinePath: string;
  /** Where a point lands in the view box, or null when it lies outside the mapped area (Alaska, abroad). */
  place(lat: number, lng: number): { x: number; y: number } | null;
}

const projectedOutline = lower48Outline.map(([lng, lat]) => projectAlbersUsa(lng, lat));
const xs = projectedOutline.map((point) => point.x);
const ys = projectedOutline.map((point) => point.y);
const bounds = { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };

/** The latitude/longitude box the offline map shows; a pin outside it would be drawn off the map. */
const coveredArea = { minLat: 24, maxLat: 50, minLng: -125.5, maxLng: -66 };

/** Fits the projected outline into a view box `width` wide with a margin, keeping its aspect ratio. */
export function usMapGeometry(width = 960, margin = 16): UsMapGeometry {
  const scale = (width - 2 * margin) / (bounds.maxX - bounds.minX);
  const height = Math.round((bounds.maxY - bounds.minY) * scale + 2 * margin);
  const toView = ({ x, y }: { x: number; y: number }) => ({ x: (x - bounds.minX) * scale + margin, y: (y - bounds.minY) * scale + margin });
  const outlinePath =
    projectedOutline
      .map(toView)
      .map(({ x, y }, index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`)
      .join(' ') + ' Z';

  return {
    width,
    height,
    outlinePath,
    place(lat, lng) {
      const inside = lat >= coveredArea.minLat && lat <= coveredArea.maxLat && lng >= coveredArea.minLng && lng <= coveredArea.maxLng;
      return inside ? toView(projectAlbersUsa(lng, lat)) : null;
    },
  };
}

/** Even-odd ray casting on the [lng, lat] outline: whether a point lies on the mainland as the outline draws it. */
export function isInsideLower48(lat: number, lng: number): boolean {
  let inside = false;
  for (let i = 0, j = lower48Outline.length - 1; i < lower48Outline.length; j = i++) {
    const [xi, yi] = lower48Outline[i]!;
    const [xj, yj] = lower48Outline[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
