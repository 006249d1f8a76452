/**
 * The local time zone of a US property, for the dates the assistant writes ("tomorrow", "by Friday"): computed in code
 * from the property's state, never guessed by a model. Free of the ZIP data the address search loads, so any service
 * may import it (`@pm/geo/time-zones`).
 */

/** Where nothing names a state: the platform's default zone. */
export const DEFAULT_US_TIME_ZONE = 'America/New_York';

/** The main time zone of each state (a state spanning two zones gets the one most of its people live in). */
const STATE_TIME_ZONES: Record<string, string> = {
  AK: 'America/Anchorage', AL: 'America/Chicago', AR: 'America/Chicago', AZ: 'America/Phoenix', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DC: 'America/New_York', DE: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', IA: 'America/Chicago', ID: 'America/Boise', IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', MA: 'America/New_York',
  MD: 'America/New_York', ME: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MO: 'America/Chicago',
  MS: 'America/Chicago', MT: 'America/Denver', NC: 'America/New_York', ND: 'America/Chicago', NE: 'America/Chicago',
  NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver', NV: 'America/Los_Angeles', NY: 'America/New_York',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', PR: 'America/Puerto_Rico',
  RI: 'America/New_York', SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago',
  UT: 'America/Denver', VA: 'America/New_York', VT: 'America/New_York', WA: 'America/Los_Angeles', WI: 'America/Chicago',
  WV: 'America/New_York', WY: 'America/Denver',
};

/** The zone of a two-letter state code (any case); the default for an unknown or missing one. */
export function timeZoneOfUsState(state: string | null | undefined): string {
  return STATE_TIME_ZONES[(state ?? '').trim().toUpperCase()] ?? DEFAULT_US_TIME_ZONE;
}

// "…, Springfield, IL 62701", "…, Austin, TX", "…, Miami, FL 33101-1234, USA": the state code after the last comma.
const trailingStateCode = /,\s*([A-Za-z]{2})(?:\s+\d{5}(?:-\d{4})?)?\s*(?:,\s*(?:USA?|United States(?: of America)?)\s*)?$/i;

/**
 * The zone of a one-line US address as the product stores it (the address search's "street, city, ST 12345"); the
 * default when no state code ends it.
 */
export function timeZoneOfUsAddress(addressText: string | null | undefined): string {
  return timeZoneOfUsState(trailingStateCode.exec(addressText ?? '')?.[1]);
}
