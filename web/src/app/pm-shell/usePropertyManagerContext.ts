import { useCallback, useSyncExternalStore } from 'react';
import { selectIsRegistered, selectSessionUser } from '../session-slice.js';
import { useAppSelector } from '../useAppSelector.js';
import { useListPropertyLocationsQuery, useGetOnboardingProgressQuery } from '../generated/portfolio-api.js';
import type { PropertyLocation } from '../property-location.js';
import { noOnboardingProgress, type OnboardingProgress } from '../../features/property-manager/onboarding-progress.js';
import {
  rememberedLocationId,
  rememberSelectedLocation,
  resolveSelectedLocation,
  selectedLocationSnapshot,
  subscribeToSelectedLocation,
} from './selected-location.js';

export interface PropertyManagerContext {
  locations: PropertyLocation[];
  selectedLocation: PropertyLocation | null;
  selectLocation: (locationId: string) => void;
  /** All false for users who are not property managers (spec 000 section 6) and before a location exists. */
  progress: OnboardingProgress;
  /**
   * The location whose data is being loaded: the selected one, or while the list is still loading the remembered
   * one, so its progress (and the page's own data) are asked for together with the list rather than after it.
   */
  loadingLocationId: string | null;
  /** The manager's progress once the BFF answered it; undefined while unknown, so nothing acts on a guess. */
  loadedProgress: OnboardingProgress | undefined;
  isPropertyManager: boolean;
  isPropertyOwnerCampaign: boolean;
  locationsLoading: boolean;
  locationsFailed: boolean;
  progressLoading: boolean;
  progressFailed: boolean;
  refetchLocations: () => void;
}

/**
 * What every property-manager screen shares: the user's locations, the selected one (remembered per stage) and its
 * onboarding progress. RTK Query dedupes the calls, so the shell, its pages and the checklist redirect can all
 * use this without asking the BFF twice.
 */
export function usePropertyManagerContext(): PropertyManagerContext {
  const user = useAppSelector(selectSessionUser);
  const isRegistered = useAppSelector(selectIsRegistered);
  const isManager = user?.account_type === 'property_manager';
  const userId = user?.id ?? null;

  const locationsQuery = useListPropertyLocationsQuery(undefined, { skip: !isRegistered || !user });
  const locations = locationsQuery.data ?? emptyLocations;

  // Re-render when the selection changes anywhere; the value itself is resolved against the current list.
  useSyncExternalStore(subscribeToSelectedLocation, selectedLocationSnapshot, selectedLocationSnapshot);
  const selectedLocation = resolveSelectedLocation(locations, userId);

  // A remembered location that no longer exists costs one wasted request; its answer is never shown, because once
  // the list is there the selection (and so the progress asked for) is the resolved one.
  const loadingLocationId = selectedLocation?.id ?? (locationsQuery.isLoading ? rememberedLocationId(userId) : null);
  const progressQuery = useGetOnboardingProgressQuery({ id: loadingLocationId ?? '' }, { skip: !isManager || !loadingLocationId });
  // Before the list confirms the guess nothing acts on its progress (a failure for a location gone is no error).
  const progressIsSelected = selectedLocation !== null;

  const selectLocation = useCallback(
    (locationId: string) => {
      if (userId) rememberSelectedLocation(userId, locationId);
    },
    [userId],
  );

  return {
    locations,
    selectedLocation,
    selectLocation,
    loadingLocationId,
    progress: (isManager && progressIsSelected && progressQuery.data) || noOnboardingProgress,
    loadedProgress: isManager && progressIsSelected ? progressQuery.data : undefined,
    isPropertyManager: isManager,
    isPropertyOwnerCampaign: user?.campaign === 'property_owner',
    locationsLoading: locationsQuery.isLoading,
    locationsFailed: locationsQuery.isError,
    progressLoading: progressQuery.isLoading,
    progressFailed: progressIsSelected && progressQuery.isError,
    refetchLocations: () => void locationsQuery.refetch(),
  };
}

const emptyLocations: PropertyLocation[] = [];
