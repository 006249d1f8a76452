import { isInsideLower48, usMapGeometry } from './us-map-geometry.js';

const places = {
  washingtonDc: { lat: 38.8977, lng: -77.0365 },
  denver: { lat: 39.7392, lng: -104.9903 },
  seattle: { lat: 47.6062, lng: -122.3321 },
  miami: { lat: 25.7617, lng: -80.1918 },
  minneapolis: { lat: 44.9778, lng: -93.265 },
};

describe('the offline US outline', () => {
  it.each(Object.entries(places))('contains %s', (_name, { lat, lng }) => {
    expect(isInsideLower48(lat, lng)).toBe(true);
  });

  it.each([
    ['the Atlantic', 35, -60],
    ['the Gulf of Mexico', 26, -90],
    ['Mexico City', 19.43, -99.13],
    ['Toronto', 43.65, -79.38],
  ])('leaves out %s', (_name, lat, lng) => {
    expect(isInsideLower48(lat, lng)).toBe(false);
  });
});

describe('usMapGeometry', () => {
  const geometry = usMapGeometry(960, 16);

  it('keeps every mainland point inside the view box, east to the right and north to the top', () => {
    const dc = geometry.place(places.washingtonDc.lat, places.washingtonDc.lng)!;
    const denver = geometry.place(places.denver.lat, places.denver.lng)!;
    const seattle = geometry.place(places.seattle.lat, places.seattle.lng)!;
    const miami = geometry.place(places.miami.lat, places.miami.lng)!;

    for (const point of [dc, denver, seattle, miami]) {
      expect(point.x).toBeGreaterThan(0);
      expect(point.x).toBeLessThan(geometry.width);
      expect(point.y).toBeGreaterThan(0);
      expect(point.y).toBeLessThan(geometry.height);
    }
    expect(dc.x).toBeGreaterThan(denver.x);
    expect(denver.x).toBeGreaterThan(seattle.x);
    expect(seattle.y).toBeLessThan(miami.y);
  });

  it('is wider than tall, as the country is', () => {
    expect(geometry.height).toBeGreaterThan(geometry.width * 0.45);
    expect(geometry.height).toBeLessThan(geometry.width * 0.75);
  });

  it('places nothing outside the mapped area', () => {
    expect(geometry.place(61.2, -149.9)).toBeNull();
    expect(geometry.place(48.85, 2.35)).toBeNull();
  });
});
