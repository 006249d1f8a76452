import { isPublicPath } from '../../app/access/public-paths.js';
import { isSpecialHost } from '../../app/special-host.js';
import { browserStorage } from '../../lib/browser-storage.js';
import type { PropertyLocation } from '../../app/property-location.js';
import { isOnboardingComplete, type OnboardingProgress } from './onboarding-progress.js';

export const ONBOARDING_CHECKLIST_PATH = '/property-manager/onboarding-checklist';

const redirectedKey = (locationId: string) => `pm.onboarding-checklist-redirected.${locationId}`;

export function wasRedirectedToChecklist(locationId: string): boolean {
  return browserStorage.read(redirectedKey(locationId)) !== null;
}

export function rememberChecklistRedirect(locationId: string): void {
  browserStorage.write(redirectedKey(locationId), new Date().toISOString());
}

/**
 * Spec 000 4.2: an incomplete user with a location is sent to the onboarding checklist once per location, unless
 * already on a public or property-manager path; never on the special host (its dashboard is the document list).
 */
export function shouldRedirectToChecklist({
  pathname,
  location,
  progress,
}: {
  pathname: string;
  location: Pick<PropertyLocation, 'id' | 'type'> | null | undefined;
  progress: OnboardingProgress | undefined;
}): boolean {
  if (!location || !progress || isSpecialHost()) return false;
  if (isPublicPath(pathname) || pathname === '/property-manager' || pathname.startsWith('/property-manager/')) return false;
  if (isOnboardingComplete(location, progress)) return false;
  return !wasRedirectedToChecklist(location.id);
}
