/**
 * Albers equal-area conic projection with the standard parallels used for maps of the contiguous United States
 * (29.5° and 45.5°, centred on 23°N 96°W). Equal-area keeps the country's familiar shape, unlike a plain
 * latitude/longitude grid which stretches the north.
 */
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

const phi1 = toRadians(29.5);
const phi2 = toRadians(45.5);
const phi0 = toRadians(23);
const lambda0 = toRadians(-96);
const n = (Math.sin(phi1) + Math.sin(phi2)) / 2;
const c = Math.cos(phi1) ** 2 + 2 * n * Math.sin(phi1);
const rho0 = Math.sqrt(c - 2 * n * Math.sin(phi0)) / n;

/** Projects a point to unit-sphere plane coordinates with x growing east and y growing SOUTH (screen order). */
export function projectAlbersUsa(lng: number, lat: number): { x: number; y: number } {
  const rho = Math.sqrt(c - 2 * n * Math.sin(toRadians(lat))) / n;
  const theta = n * (toRadians(lng) - lambda0);
  return { x: rho * Math.sin(theta), y: -(rho0 - rho * Math.cos(theta)) };
}
