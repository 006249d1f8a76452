import { useOutletContext } from 'react-router';
import type { PropertyManagerContext } from './usePropertyManagerContext.js';
import type { PropertyLocation } from '../property-location.js';

/**
 * What the property location's layout gives its sections: the shell's context (so sections written against
 * useShellContext keep working below the layout) plus the location the route names.
 */
export interface LocationContext extends PropertyManagerContext {
  propertyLocation: PropertyLocation;
}

export function useLocationContext(): LocationContext {
  return useOutletContext<LocationContext>();
}
