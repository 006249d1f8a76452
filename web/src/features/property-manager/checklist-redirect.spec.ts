import { aLocation, progressWith } from '../../app/test-fixtures.js';
import { rememberChecklistRedirect, shouldRedirectToChecklist } from './checklist-redirect.js';

afterEach(() => window.localStorage.clear());

describe('the once-per-location checklist redirect (spec 000 4.2)', () => {
  const house = aLocation({ type: 'SINGLE_FAMILY_HOME' });
  const block = aLocation({ type: 'MULTI_UNIT', declared_units_count: 8 });

  it('sends an incomplete user with a location on an ordinary signed-in path', () => {
    expect(shouldRedirectToChecklist({ pathname: '/onboarding/tenants', location: house, progress: progressWith() })).toBe(true);
  });

  it('stays put on public and property-manager paths', () => {
    for (const pathname of ['/', '/login', '/pricing', '/share/Ab3x', '/property-manager', '/property-manager/dashboard']) {
      expect(shouldRedirectToChecklist({ pathname, location: house, progress: progressWith() })).toBe(false);
    }
  });

  it('needs a location and its known progress', () => {
    expect(shouldRedirectToChecklist({ pathname: '/chat', location: null, progress: progressWith() })).toBe(false);
    expect(shouldRedirectToChecklist({ pathname: '/chat', location: house, progress: undefined })).toBe(false);
  });

  it('leaves complete users alone: an e-mail address for a single home, phone, building, unit and tenant otherwise', () => {
    expect(shouldRedirectToChecklist({ pathname: '/chat', location: house, progress: progressWith({ hasEmailAddress: true }) })).toBe(false);
    expect(shouldRedirectToChecklist({ pathname: '/chat', location: block, progress: progressWith({ hasEmailAddress: true }) })).toBe(true);
    const allButTenant = { hasPhoneNumber: true, hasBuilding: true, hasUnit: true };
    expect(shouldRedirectToChecklist({ pathname: '/chat', location: block, progress: progressWith(allButTenant) })).toBe(true);
    expect(shouldRedirectToChecklist({ pathname: '/chat', location: block, progress: progressWith({ ...allButTenant, hasTenant: true }) })).toBe(false);
  });

  it('redirects once per location', () => {
    rememberChecklistRedirect(house.id);
    expect(shouldRedirectToChecklist({ pathname: '/chat', location: house, progress: progressWith() })).toBe(false);
    expect(shouldRedirectToChecklist({ pathname: '/chat', location: block, progress: progressWith() })).toBe(true);
  });
});
