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

  it('skips the building step and adds the e-mail address and the lease upload for a single-family location', () => {
    expect(keys(checklistSteps(singleFamily, progressWith(), false))).toEqual([
      'personal-details',
      'find-property',
      'email-address',
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
    expect(byKey(steps, 'manage-rent')).toMatchObject({ path: '/property-manager/property-locations/loc-1/rent', unavailable: false, required: false });
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
      'connect-payments': '/property-manager/account/payouts',
    });
    const single = checklistSteps(singleFamily, progressWith(), false);
    // the lease upload opens the vault's upload dialog with the Lease category chosen (spec 001 §2)
    expect(byKey(single, 'upload-lease')).toMatchObject({
      path: '/property-manager/operations-hub/vault?openDocumentUpload=true&defaultCategoryId=2',
      unavailable: false,
      required: false,
      blockedBy: null,
    });
  });

  it('never blocks a single-family location on a building: its unit is the implicit one, made with the location', () => {
    // Right after the location is created, before the unit's event reached the progress read model.
    const fresh = checklistSteps(singleFamily, progressWith({ hasPropertyLocation: true }), false);
    expect(byKey(fresh, 'add-unit')).toMatchObject({ done: true, blockedBy: null });
    expect(byKey(fresh, 'add-tenant')).toMatchObject({ done: false, blockedBy: null, path: '/property-manager/property-locations/loc-2/tenants' });
    expect(fresh.map((step) => step.blockedBy)).not.toContain('Add a building first');
    expect(byKey(fresh, 'email-address')).toMatchObject({ required: true, path: '/property-manager/property-locations/loc-2/email-address' });
    // Once the progress knows the implicit unit, the tenant step opens its Add a Tenant dialog.
    const known = checklistSteps(singleFamily, progressWith({ hasPropertyLocation: true, hasBuilding: true, firstBuildingId: 'b1', hasUnit: true, firstUnitId: 'u1' }), false);
    expect(byKey(known, 'add-tenant').path).toBe('/property-manager/units/u1?openAddTenant=true');
  });

  it('blocks the unit and tenant steps, naming the step to do first, while there is no building or unit yet (issue 9)', () => {
    const steps = checklistSteps(multiUnit, progressWith(), false);
    expect(byKey(steps, 'add-unit')).toMatchObject({ path: null, blockedBy: 'Add a building first' });
    expect(byKey(steps, 'add-tenant')).toMatchObject({ path: null, blockedBy: 'Add a unit first' });
    const withBuilding = checklistSteps(multiUnit, progressWith({ firstBuildingId: 'b1' }), false);
    expect(byKey(withBuilding, 'add-unit').path).toBe('/property-manager/buildings/b1/units?openAddUnit=true');
    expect(byKey(withBuilding, 'add-tenant')).toMatchObject({ path: null, blockedBy: 'Add a unit first' });
  });

  it('blocks the phone number until a tenant exists; connecting payouts is an optional step, never blocked', () => {
    const blocked = checklistSteps(multiUnit, progressWith(), false);
    expect(byKey(blocked, 'phone-number')).toMatchObject({ path: null, blockedBy: 'Add a tenant first', unavailable: false });
    expect(byKey(blocked, 'connect-payments')).toMatchObject({ path: '/property-manager/account/payouts', unavailable: false, required: false, blockedBy: null });

    const open = checklistSteps(multiUnit, progressWith({ hasTenant: true, hasLeaseDocument: true }), false);
    expect(byKey(open, 'phone-number').blockedBy).toBeNull();
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

  it('counts only the personal details, the property and the e-mail address for a single-family location (spec 000 4.2)', () => {
    // A newcomer who just created their home: the property is done, the details (no phone yet) and the address are not.
    const fresh = checklistSteps(singleFamily, progressWith({ hasPropertyLocation: true }), false);
    expect(fresh.filter((step) => step.required).map((step) => step.key)).toEqual(['personal-details', 'find-property', 'email-address']);
    expect(checklistPercent(fresh)).toBe(33);
    for (const key of ['add-unit', 'add-tenant', 'phone-number', 'tenant-onboarding-email', 'upload-lease']) expect(byKey(fresh, key).required).toBe(false);
    // The e-mail address completes it: 100% although tenants, phone, invitations and the lease are still open.
    const withAddress = checklistSteps(singleFamily, progressWith({ hasPropertyLocation: true, hasEmailAddress: true }), true);
    expect(checklistPercent(withAddress)).toBe(100);
    expect(checklistPercent(checklistSteps(singleFamily, progressWith({ hasPropertyLocation: true, hasTenant: true, hasPhoneNumber: true }), true))).toBe(67);
  });

  it('reads complete only when every step that can be done is done (issue 9)', () => {
    const progress = progressWith({
      hasPropertyLocation: true,
      hasEmailAddress: true,
      hasUnit: true,
      firstBuildingId: 'b1',
      hasTenant: true,
      firstUnitId: 'u1',
      hasPhoneNumber: true,
      hasTenantsWithOnboardingEmailSent: true,
      hasLeaseDocument: true,
      hasStripeConnected: true,
      hasRentSetup: true,
    });
    expect(checklistComplete(checklistSteps(singleFamily, progress, true))).toBe(true);
    // An optional step still open (payouts) keeps the bar from its finished look.
    expect(checklistComplete(checklistSteps(singleFamily, { ...progress, hasStripeConnected: false }, true))).toBe(false);
    expect(checklistComplete(checklistSteps(singleFamily, { ...progress, hasLeaseDocument: false }, true))).toBe(false);
    expect(checklistComplete(checklistSteps(singleFamily, progress, false))).toBe(false);
    expect(checklistComplete(checklistSteps(singleFamily, { ...progress, hasPhoneNumber: false }, true))).toBe(false);
    expect(checklistComplete(checklistSteps(singleFamily, { ...progress, hasEmailAddress: false }, true))).toBe(false);
  });

  it('is 0 without steps', () => {
    expect(checklistPercent([])).toBe(0);
  });
});
