import { forgetSelectedLocation, rememberSelectedLocation, resolveSelectedLocation, selectedLocationKey } from './selected-location.js';

afterEach(() => window.localStorage.clear());

describe('the selected property location (spec 000 4.1)', () => {
  const locations = [{ id: 'first' }, { id: 'second' }];

  it('defaults to the first location, and to nothing without locations', () => {
    expect(resolveSelectedLocation(locations, 'user-1')).toEqual({ id: 'first' });
    expect(resolveSelectedLocation([], 'user-1')).toBeNull();
  });

  it('remembers the choice per stage', () => {
    rememberSelectedLocation('user-1', 'second');
    expect(resolveSelectedLocation(locations, 'user-1')).toEqual({ id: 'second' });
    expect(selectedLocationKey()).toBe('pm.selected-location.local');
    expect(JSON.parse(window.localStorage.getItem('pm.selected-location.local')!)).toEqual({ userId: 'user-1', locationId: 'second' });
    expect(window.localStorage.getItem(selectedLocationKey('production'))).toBeNull();
  });

  it('ignores a remembered location that is gone or belongs to another user', () => {
    rememberSelectedLocation('user-1', 'deleted');
    expect(resolveSelectedLocation(locations, 'user-1')).toEqual({ id: 'first' });
    rememberSelectedLocation('user-1', 'second');
    expect(resolveSelectedLocation(locations, 'user-2')).toEqual({ id: 'first' });
  });

  it('is cleared on sign-out', () => {
    rememberSelectedLocation('user-1', 'second');
    forgetSelectedLocation();
    expect(window.localStorage.getItem(selectedLocationKey())).toBeNull();
    expect(resolveSelectedLocation(locations, 'user-1')).toEqual({ id: 'first' });
  });
});
