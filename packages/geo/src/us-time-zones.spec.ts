import { DEFAULT_US_TIME_ZONE, timeZoneOfUsAddress, timeZoneOfUsState } from './us-time-zones.js';

describe('US time zones', () => {
  it.each([
    ['12 Elm Street, Springfield, IL 62701', 'America/Chicago'],
    ['500 Harbor View Dr, San Diego, CA 92101', 'America/Los_Angeles'],
    ['1600 Pennsylvania Ave NW, Washington, DC 20500-0003, USA', 'America/New_York'],
    ['9 Canyon Rd, Phoenix, az', 'America/Phoenix'],
    ['77 Kalakaua Ave, Honolulu, HI 96815, United States', 'Pacific/Honolulu'],
  ])('reads the state code that ends %s', (address, zone) => {
    expect(timeZoneOfUsAddress(address)).toBe(zone);
  });

  it.each([null, '', 'Somewhere without a state', '10 Main St, Toronto, ON M5V 2T6', '1 Main St, Springfield, XX 12345'])(
    'falls back to the default for %p',
    (address) => {
      expect(timeZoneOfUsAddress(address)).toBe(DEFAULT_US_TIME_ZONE);
    },
  );

  it('maps state codes in any case, and unknown ones to the default', () => {
    expect(timeZoneOfUsState('tx')).toBe('America/Chicago');
    expect(timeZoneOfUsState(' WA ')).toBe('America/Los_Angeles');
    expect(timeZoneOfUsState('ZZ')).toBe(DEFAULT_US_TIME_ZONE);
    expect(timeZoneOfUsState(undefined)).toBe(DEFAULT_US_TIME_ZONE);
  });

  it('names only zones the runtime knows', () => {
    for (const state of ['AK', 'AZ', 'CA', 'HI', 'IN', 'MI', 'PR', 'ID', 'NY']) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: timeZoneOfUsState(state) })).not.toThrow();
    }
  });
});
