import type { ComponentType } from 'react';

/**
 * A section of the property location page (/property-manager/property-locations/{id}/<path>): a tab and the page
 * below it. Features declare theirs and app/location-sections.ts composes them, so adding a section edits no other
 * feature.
 */
export interface LocationSection {
  /** The first path segment below the location; also the tab's key. */
  path: string;
  label: string;
  /** The page, as a lazy route: its code is downloaded when the section is first opened. */
  lazy: { Component: () => Promise<ComponentType> };
  /** Only for locations with buildings (spec 001 section 2 hides them for single-family-like locations). */
  withBuildingsOnly?: boolean;
}

/** A dialog a feature opens over the location page when its query flag is set (e.g. ?openInviteTenant=true). */
export interface LocationDialog {
  flag: string;
  Component: ComponentType<{ locationId: string; open: boolean; onClose: () => void }>;
}
