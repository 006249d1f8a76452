import { useParams } from 'react-router';

/**
 * The property location of a location section route. The location layout names its parameter `id`
 * (property-locations/:id/…), while spec 001 writes the tenants section as {locationId}/tenants; both are read.
 */
export function useLocationIdParam(): string {
  const { locationId, id } = useParams();
  return locationId ?? id ?? '';
}
