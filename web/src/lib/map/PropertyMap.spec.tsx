import { render, screen } from '@testing-library/react';
import { PropertyMap } from './PropertyMap.js';

const offline = { tileUrl: undefined, attribution: undefined };

function pinPosition() {
  const pin = screen.getByTestId('map-pin');
  return { x: Number(pin.getAttribute('data-x')), y: Number(pin.getAttribute('data-y')) };
}

describe('PropertyMap', () => {
  it('draws the offline outline without a pin before an address is chosen', () => {
    render(<PropertyMap config={offline} />);
    expect(screen.getByRole('img', { name: 'Map of the United States' })).toBeTruthy();
    expect(screen.queryByTestId('map-pin')).toBeNull();
  });

  it('places the pin of a Washington, DC address east of a Denver one on the offline map', () => {
    const { rerender } = render(<PropertyMap config={offline} pin={{ lat: 39.7392, lng: -104.9903, label: '1437 Bannock St, Denver, CO 80202' }} />);
    expect(screen.getByRole('img', { name: 'Map of the United States showing 1437 Bannock St, Denver, CO 80202' })).toBeTruthy();
    const denver = pinPosition();

    rerender(<PropertyMap config={offline} pin={{ lat: 38.8977, lng: -77.0365, label: '1600 Pennsylvania Ave NW, Washington, DC 20500' }} />);
    const dc = pinPosition();

    expect(dc.x).toBeGreaterThan(denver.x + 200);
    expect(Math.abs(dc.y - denver.y)).toBeLessThan(60);
  });

  it('draws tiles around the address when a tile provider is configured', () => {
    render(
      <PropertyMap
        config={{ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example contributors' }}
        pin={{ lat: 38.8977, lng: -77.0365, label: 'White House' }}
      />,
    );
    const map = screen.getByRole('img', { name: 'Map showing White House' });
    const sources = Array.from(map.querySelectorAll('img')).map((image) => image.getAttribute('src'));
    expect(sources).toContain('https://tiles.example/15/9371/12535.png');
    expect(screen.getByText('© Example contributors')).toBeTruthy();
    expect(screen.getByTestId('map-pin')).toBeTruthy();
  });
});
