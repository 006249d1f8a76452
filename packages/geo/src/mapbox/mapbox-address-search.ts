import { z } from 'zod';
import { isSearchable, MAX_SUGGESTIONS, type AddressSearch } from '../address-search.js';
import type { AddressSuggestion } from '../address-suggestion.js';

export interface MapboxOptions {
  accessToken: string;
  /** The API origin; a test points it at a local server. */
  baseUrl?: string;
  timeoutMs?: number;
}

const contextName = z.object({ name: z.string().optional() }).passthrough();
const FeatureSchema = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
  properties: z.object({
    mapbox_id: z.string(),
    name: z.string().optional(),
    full_address: z.string().optional(),
    context: z
      .object({
        address: contextName.optional(),
        place: contextName.optional(),
        region: contextName.extend({ region_code: z.string().optional() }).optional(),
        district: contextName.optional(),
        postcode: contextName.optional(),
        country: contextName.extend({ country_code: z.string().optional() }).optional(),
      })
      .passthrough()
      .default({}),
  }),
});
const ResponseSchema = z.object({ features: z.array(z.unknown()) });

export class MapboxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MapboxError';
  }
}

/**
 * Mapbox forward geocoding (Geocoding API v6) with the parameters of spec 000 §7: autocomplete, country US,
 * geojson, language en-US, limit 5, types address. Each feature's context gives the address name, place, region
 * code, district, postcode and country code; anything outside the US is dropped even if the provider sent it.
 */
export class MapboxAddressSearch implements AddressSearch {
  private readonly baseUrl: string;

  constructor(private readonly options: MapboxOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.mapbox.com').replace(/\/$/, '');
  }

  async suggest(query: string): Promise<AddressSuggestion[]> {
    if (!isSearchable(query)) return [];
    return (await this.forward(query.trim(), true, MAX_SUGGESTIONS)).slice(0, MAX_SUGGESTIONS);
  }

  async geocode(address: string): Promise<AddressSuggestion | null> {
    if (!isSearchable(address)) return null;
    return (await this.forward(address.trim(), false, 1))[0] ?? null;
  }

  private async forward(q: string, autocomplete: boolean, limit: number): Promise<AddressSuggestion[]> {
    const url = new URL(`${this.baseUrl}/search/geocode/v6/forward`);
    url.search = new URLSearchParams({
      q,
      access_token: this.options.accessToken,
      autocomplete: String(autocomplete),
      country: 'US',
      format: 'geojson',
      language: 'en-US',
      limit: String(limit),
      types: 'address',
    }).toString();
    const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000) });
    if (!response.ok) throw new MapboxError(`Mapbox geocoding answered ${response.status}`);
    const body = ResponseSchema.parse(await response.json());
    return body.features.flatMap((raw) => {
      const parsed = FeatureSchema.safeParse(raw);
      return parsed.success ? toSuggestion(parsed.data) : [];
    });
  }
}

function toSuggestion(feature: z.infer<typeof FeatureSchema>): AddressSuggestion[] {
  const { context } = feature.properties;
  if (context.country?.country_code?.toUpperCase() !== 'US') return [];
  const [lng, lat] = feature.geometry.coordinates;
  const street = context.address?.name ?? feature.properties.name ?? '';
  const city = context.place?.name ?? '';
  const state = context.region?.region_code?.toUpperCase() ?? '';
  const zipcode = context.postcode?.name ?? '';
  return [
    {
      id: feature.properties.mapbox_id,
      label: feature.properties.full_address ?? [street, city, `${state} ${zipcode}`.trim()].filter(Boolean).join(', '),
      street,
      city,
      state,
      zipcode,
      ...(context.district?.name ? { county: context.district.name } : {}),
      country: 'US',
      lat,
      lng,
    },
  ];
}
