import { theme } from 'antd';
import { useMemo } from 'react';
import type { MapPin } from './map-pin.js';
import { usMapGeometry } from './us-map-geometry.js';

/** The offline map: the lower 48 states' outline with a pin at the selected address, drawn as one SVG. */
export function OfflineUsMap({ pin }: { pin?: MapPin | null | undefined }) {
  const { token } = theme.useToken();
  const geometry = useMemo(() => usMapGeometry(), []);
  const placed = pin ? geometry.place(pin.lat, pin.lng) : null;

  return (
    <svg
      role="img"
      aria-label={pin ? `Map of the United States showing ${pin.label}` : 'Map of the United States'}
      viewBox={`0 0 ${geometry.width} ${geometry.height}`}
      style={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <path d={geometry.outlinePath} fill={token.colorFillSecondary} stroke={token.colorBorder} strokeWidth={2} strokeLinejoin="round" />
      {placed ? (
        <g data-testid="map-pin" data-x={placed.x.toFixed(1)} data-y={placed.y.toFixed(1)} transform={`translate(${placed.x} ${placed.y})`}>
          <title>{pin?.label}</title>
          {/* A teardrop whose tip sits exactly on the point. */}
          <path d="M0,0 C-4,-10 -12,-16 -12,-24 A12,12 0 1 1 12,-24 C12,-16 4,-10 0,0 Z" fill={token.colorPrimary} />
          <circle cy={-24} r={4.5} fill={token.colorBgContainer} />
        </g>
      ) : null}
    </svg>
  );
}
