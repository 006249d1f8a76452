import { theme, Typography } from 'antd';
import { tilesForView } from './slippy-tiles.js';
import type { MapPin } from './map-pin.js';

const VIEW_WIDTH = 640;
const VIEW_HEIGHT = 480;
/** With no address yet the map shows the whole contiguous US; an address is shown at street level. */
const usCenter = { lat: 39.5, lng: -98.35 };
const COUNTRY_ZOOM = 3;
const STREET_ZOOM = 15;

/**
 * A raster slippy map drawn with plain DOM: the tiles around the centre as absolutely positioned images and the
 * pin on top. No map library, because the form only needs to show one point.
 */
export function TileMap({ tileUrl, attribution, pin }: { tileUrl: string; attribution?: string | undefined; pin?: MapPin | null | undefined }) {
  const { token } = theme.useToken();
  const center = pin ?? usCenter;
  const zoom = pin ? STREET_ZOOM : COUNTRY_ZOOM;
  const tiles = tilesForView(tileUrl, center, zoom, VIEW_WIDTH, VIEW_HEIGHT);

  return (
    <div
      role="img"
      aria-label={pin ? `Map showing ${pin.label}` : 'Map of the United States'}
      style={{ position: 'relative', width: '100%', aspectRatio: `${VIEW_WIDTH} / ${VIEW_HEIGHT}`, overflow: 'hidden', background: token.colorFillSecondary }}
    >
      <div style={{ position: 'absolute', left: '50%', top: '50%', width: VIEW_WIDTH, height: VIEW_HEIGHT, transform: 'translate(-50%, -50%)' }}>
        {tiles.map((tile) => (
          <img key={tile.key} src={tile.url} alt="" draggable={false} width={256} height={256} style={{ position: 'absolute', left: tile.left, top: tile.top }} />
        ))}
        {pin ? (
          <svg data-testid="map-pin" width={24} height={32} viewBox="-12 -32 24 32" style={{ position: 'absolute', left: VIEW_WIDTH / 2 - 12, top: VIEW_HEIGHT / 2 - 32 }}>
            <path d="M0,0 C-3,-8 -11,-13 -11,-21 A11,11 0 1 1 11,-21 C11,-13 3,-8 0,0 Z" fill={token.colorPrimary} />
            <circle cy={-21} r={4} fill={token.colorBgContainer} />
          </svg>
        ) : null}
      </div>
      {attribution ? (
        <Typography.Text type="secondary" style={{ position: 'absolute', right: 4, bottom: 2, fontSize: 11, background: token.colorBgContainer, paddingInline: 4 }}>
          {attribution}
        </Typography.Text>
      ) : null}
    </div>
  );
}
