import { browserStorage } from '../../lib/browser-storage.js';

/**
 * Spec 000 4.1 and section 9: the selected property location is kept locally per stage, defaults to the first
 * location and is cleared on sign-out. The stage separates installations that share a browser origin in
 * development (for example a local stack and a tunnelled staging one).
 */
const stage = import.meta.env?.VITE_STAGE || import.meta.env?.MODE || 'local';

export const selectedLocationKey = (forStage: string = stage) => `pm.selected-location.${forStage}`;

interface StoredSelection {
  userId: string;
  locationId: string;
}

function readSelection(): StoredSelection | null {
  const raw = browserStorage.read(selectedLocationKey());
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSelection>;
    return typeof value.userId === 'string' && typeof value.locationId === 'string' ? { userId: value.userId, locationId: value.locationId } : null;
  } catch {
    return null;
  }
}

// Every screen that shows the selection re-reads it when it changes, in this tab (this event) or another (storage).
const changeEvent = 'pm:selected-location-changed';

export function rememberSelectedLocation(userId: string, locationId: string): void {
  browserStorage.write(selectedLocationKey(), JSON.stringify({ userId, locationId } satisfies StoredSelection));
  window.dispatchEvent(new Event(changeEvent));
}

export function forgetSelectedLocation(): void {
  browserStorage.remove(selectedLocationKey());
  window.dispatchEvent(new Event(changeEvent));
}

export function subscribeToSelectedLocation(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === selectedLocationKey()) onChange();
  };
  window.addEventListener(changeEvent, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(changeEvent, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The location remembered for this user, before the list is known: the shell asks for its data together with the
 * list instead of after it. Only a guess until the list confirms it (resolveSelectedLocation).
 */
export function rememberedLocationId(userId: string | null | undefined): string | null {
  const stored = readSelection();
  return stored && stored.userId === userId ? stored.locationId : null;
}

/** The raw stored value, a string so useSyncExternalStore can compare snapshots. */
export function selectedLocationSnapshot(): string | null {
  return browserStorage.read(selectedLocationKey());
}

/**
 * The location to show: the remembered one while it still belongs to this user's list, else the first. The user
 * id is stored with it so a selection that survived a sign-out that never reached this code (a closed tab) is
 * never applied to another user.
 */
export function resolveSelectedLocation<Location extends { id: string }>(locations: readonly Location[], userId: string | null | undefined): Location | null {
  const stored = readSelection();
  const remembered = stored && stored.userId === userId ? locations.find((location) => location.id === stored.locationId) : undefined;
  return remembered ?? locations[0] ?? null;
}
