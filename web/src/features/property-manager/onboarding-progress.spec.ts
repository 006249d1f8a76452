import { aLocation, progressWith } from '../../app/test-fixtures.js';
import { checklistComplete, checklistPercent, checklistSteps, type ChecklistStep } from './onboarding-progress.js';

const multiUnit = aLocation({ id: 'loc-1', type: 'MULTI_UNIT', declared_units_count: 4 });
const singleFamily = aLocation({ id: 'loc-2', type: 'SINGLE_FAMILY_HOME' });
const keys = (steps: readonly ChecklistStep[]) => steps.map((step) => step.key);
const byKey = (steps: readonly ChecklistStep[], key: string) => steps.find((step) => step.key === key)!;

describe('checklistSteps (spec 001, onboarding checklist)', () => {
  it('lists a multi-unit location in the spec order, with the building step and without the lease upload', () => {
    expect(keys(checklistSteps(multiUnit, progressWith(), false))).toEqual([
      'personal-details',
      'find-property',
      'add-building',
      'add-unit',
      'add-tenant',
      'phone-number',
      'tenant-onboarding-email',
      'connect-payments',
    ]);
  });

  it('skips the building step and adds the lease upload for a single-family location', () => {
    expect(keys(checklistSteps(singleFamily, progressWith(), false))).toEqual([
      'personal-details',
      'find-property',
      'add-unit',
      'add-tenant',
      'phone-number',
      'tenant-onboarding-email',
      'upload-lease',
      'connect-payments',
    ]);
  });

  it('shows manage rent only once the payment provider is connected and units exist', () => {
    expect(keys(checklistSteps(multiUnit, progressWith({ hasStripeConnected: true }), true))).not.toContain('manage-rent');
    expect(keys(checklistSteps(multiUnit, progressWith({ hasUnit: true }), true))).not.toContain('manage-rent');
    const steps = checklistSteps(multiUnit, progressWith({ hasStripeConnected: true, hasUnit: true, firstUnitId: 'u1' }), true);
    expect(keys(steps).at(-1)).toBe('manage-rent');
    // no rent view yet: unavailable, without a link (issue 9)
    expect(byKey(steps, 'manage-rent')).toMatchObject({ path: null, unavailable: true });
  });

  it('links every step to its route with the dialog-opening flags', () => {
    const progress = progressWith({ hasLeaseDocument: true, hasTenant: true, firstBuildingId: 'b 1', firstUnitId: 'u1' });
    const paths = Object.fromEntries(checklistSteps(multiUnit, progress, false).map((step) => [step.key, step.path]));
    expect(paths).toEqual({
      'personal-details': '/property-manager/account/contact',
      'find-property': '/property-manager/property-locations/create',
      'add-building': '/property-manager/property-locations/loc-1/buildings?openAddBuilding=true',
      'add-unit': '/property-manager/buildings/b%201/units?openAddUnit=true',
      // done steps keep their link; only a blocked step has none
      'add-tenant': '/property-manager/units/u1?openAddTenant=true',
      'phone-number': '/property-manager/property-locations/loc-1/phone-number',
      'tenant-onboarding-email': '/property-manager/property-locations/loc-1?openInviteTenant=true',
      // no payouts page yet: unavailable, without a link (issue 9)
      'connect-payments': null,
    });
    const single = checklistSteps(singleFamily, progressWith(), false);
    // the lease upload opens the vault's upload dialog with the Lease category chosen (spec 001 §2)
    expect(byKey(single, 'upload-lease')).toMatchObject({
      path: '/property-manager/operations-hub/vault?openDocumentUpload=true&defaultCategoryId=2',
      unavailable: false,
      required: true,
      blockedBy: null,
    });
  });

  it('blocks the unit and tenant steps, naming the step to do first, while there is no building or unit yet (issue 9)', () => {
    const steps = checklistSteps(multiUnit, progressWith(), false);
    expect(byKey(steps, 'add-unit')).toMatchObject({ path: null, blockedBy: 'Add a building first' });
    expect(byKey(steps, 'add-tenant')).toMatchObject({ path: null, blockedBy: 'Add a unit first' });
    const withBuilding = checklistSteps(multiUnit, progressWith({ firstBuildingId: 'b1' }), false);
    expect(byKey(withBuilding, 'add-unit').path).toBe('/property-manager/buildings/b1/units?openAddUnit=true');
    expect(byKey(withBuilding, 'add-tenant')).toMatchObject({ path: null, blockedBy: 'Add a unit first' });
  });

  it('blocks the phone number until a tenant exists; payments are unavailable, not blocked on a lease upload that has nowhere to happen (issue 9)', () => {
    const blocked = checklistSteps(multiUnit, progressWith(), false);
    expect(byKey(blocked, 'phone-number')).toMatchObject({ path: null, blockedBy: 'Add a tenant first', unavailable: false });
    expect(byKey(blocked, 'connect-payments')).toMatchObject({ path: null, unavailable: true, blockedBy: 'Not available yet: card payments are coming soon' });

    const open = checklistSteps(multiUnit, progressWith({ hasTenant: true, hasLeaseDocument: true }), false);
    expect(byKey(open, 'phone-number').blockedBy).toBeNull();
    expect(byKey(open, 'connect-payments').unavailable).toBe(true);
  });
});

describe('checklistPercent', () => {
  it('is completed required steps over required steps, rounded (multi-unit: 7 required)', () => {
    // personal details, find property, building: 3 of 7 = 42.9 → 43
    const steps = checklistSteps(multiUnit, progressWith({ hasBuilding: true }), true);
    expect(checklistPercent(steps)).toBe(43);
  });

  it('reaches 100% with the account, property, building, unit, tenant, phone number and onboarding e-mail; payments stay optional', () => {
    const progress = progressWith({ hasBuilding: true, hasUnit: true, hasTenant: true, hasPhoneNumber: true, hasTenantsWithOnboardingEmailSent: true });
    const steps = checklistSteps(multiUnit, progress, true);
    expect(byKey(steps, 'connect-payments')).toMatchObject({ required: false, done: false });
    expect(checklistPercent(steps)).toBe(100);
    expect(checklistPercent(checklistSteps(multiUnit, { ...progress, hasTenantsWithOnboardingEmailSent: false }, true))).toBe(Math.round((6 / 7) * 100));
  });

  it('does not count the optional lease, payment and manage-rent steps (single-family: 6 required)', () => {
    const progress = progressWith({
      hasUnit: true,
      hasTenant: true,
      hasPhoneNumber: true,
      hasTenantsWithOnboardingEmailSent: true,
      hasLeaseDocument: true,
      hasStripeConnected: true,
    });
    const steps = checklistSteps(singleFamily, progress, true);
    expect(byKey(steps, 'manage-rent')).toMatchObject({ required: false, done: false });
    expect(checklistPercent(steps)).toBe(100);
    expect(byKey(steps, 'upload-lease')).toMatchObject({ required: true, done: true });
    expect(checklistPercent(checklistSteps(singleFamily, { ...progress, hasLeaseDocument: false }, false))).toBe(Math.round((5 / 7) * 100));
  });

  it('reads complete only when every step that can be done is done (issue 9)', () => {
    const progress = progressWith({ hasUnit: true, firstBuildingId: 'b1', hasTenant: true, firstUnitId: 'u1', hasPhoneNumber: true, hasTenantsWithOnboardingEmailSent: true, hasLeaseDocument: true });
    expect(checklistComplete(checklistSteps(singleFamily, progress, true))).toBe(true);
    expect(checklistComplete(checklistSteps(singleFamily, { ...progress, hasLeaseDocument: false }, true))).toBe(false);
    expect(checklistComplete(checklistSteps(singleFamily, progress, false))).toBe(false);
    expect(checklistComplete(checklistSteps(singleFamily, { ...progress, hasPhoneNumber: false }, true))).toBe(false);
  });

  it('is 0 without steps', () => {
    expect(checklistPercent([])).toBe(0);
  });
});
