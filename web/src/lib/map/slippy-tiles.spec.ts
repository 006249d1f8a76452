import { tileCoordinates, tilesForView, tileUrl } from './slippy-tiles.js';

describe('slippy map tiles', () => {
  it('finds the tile of a point as tile servers number them', () => {
    // Zoom 0 is the whole world in one tile; the equator/Greenwich point is its centre.
    expect(tileCoordinates(0, 0, 0)).toEqual({ x: 0.5, y: 0.5 });
    // North-west quarter at zoom 1, and the OpenStreetMap wiki's formula for the White House at zoom 15.
    const atOne = tileCoordinates(38.8977, -77.0365, 1);
    expect([Math.floor(atOne.x), Math.floor(atOne.y)]).toEqual([0, 0]);
    const { x, y } = tileCoordinates(38.8977, -77.0365, 15);
    expect(Math.floor(x)).toBe(9371);
    expect(Math.floor(y)).toBe(12535);
  });

  it('fills a URL template, subdomain included', () => {
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}.png', 3, 1, 2)).toBe('https://a.tiles.example/3/1/2.png');
  });

  it('covers the whole view with tiles whose centre tile holds the point at the view centre', () => {
    const tiles = tilesForView('/t/{z}/{x}/{y}.png', { lat: 38.8977, lng: -77.0365 }, 15, 640, 480);
    const covering = tiles.filter((tile) => tile.left <= 320 && tile.left + 256 > 320 && tile.top <= 240 && tile.top + 256 > 240);
    expect(covering.map((tile) => tile.url)).toEqual(['/t/15/9371/12535.png']);
    expect(Math.min(...tiles.map((tile) => tile.left))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((tile) => tile.left + 256))).toBeGreaterThanOrEqual(640);
    expect(Math.min(...tiles.map((tile) => tile.top))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((tile) => tile.top + 256))).toBeGreaterThanOrEqual(480);
  });
});
