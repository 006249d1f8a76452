import { z } from 'zod';
import type { AddressSearch } from './address-search.js';
import { MapboxAddressSearch } from './mapbox/mapbox-address-search.js';
import { OfflineAddressSearch } from './offline/offline-address-search.js';

/** The variables that choose the address search provider; the BFF validates them with its own at boot. */
export const geoEnv = z.object({
  /** Set it to use Mapbox; without it the offline search answers. */
  MAPBOX_ACCESS_TOKEN: z.string().min(1).optional(),
  MAPBOX_API_URL: z.url().optional(),
});
export type GeoEnv = z.output<typeof geoEnv>;

export function createAddressSearch(config: GeoEnv): AddressSearch {
  if (config.MAPBOX_ACCESS_TOKEN) {
    return new MapboxAddressSearch({ accessToken: config.MAPBOX_ACCESS_TOKEN, baseUrl: config.MAPBOX_API_URL });
  }
  return new OfflineAddressSearch();
}
