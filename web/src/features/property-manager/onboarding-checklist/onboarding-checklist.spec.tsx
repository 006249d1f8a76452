import type { Building, Unit } from '@pm/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, managerUser, on, pageOf, type stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderManagerArea } from '../../../../test/render-manager.js';
import { aLocation, progressWith } from '../../../app/test-fixtures.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const CHECKLIST = '/property-manager/onboarding-checklist';
const elm = aLocation({ id: 'loc-elm', name: 'Elm Court', type: 'MULTI_UNIT', declared_units_count: 6 });
const home = aLocation({ id: 'loc-home', name: '12 Oak Street', type: 'SINGLE_FAMILY_HOME' });
const tower: Building = { id: 'b-tower', name: 'North Tower', property_location_id: elm.id, address_text: '40 Elm Court', units_count: 1, created_at: new Date().toISOString() };
const apt: Unit = { id: 'u-1', name: 'Apt 1', building_id: tower.id, building_name: tower.name, property_location_id: elm.id, tenants_count: 0, created_at: new Date().toISOString() };
const afterBuildingAndUnit = progressWith({ hasBuilding: true, firstBuildingId: tower.id, hasUnit: true, firstUnitId: apt.id, hasTenant: true });
const bffRoutes = [
  on('GET', 'building/all', () => json([tower])),
  on('GET', `building/${tower.id}`, () => json(tower)),
  on('GET', 'unit/all', () => json([apt])),
  on('GET', `unit/${apt.id}`, () => json(apt)),
  on('GET', 'tenant/all', () => json(pageOf([]))),
  on('GET', `tenant/location/${elm.id}`, () => json([])),
];

/** Follows a step's link from the checklist, as the manager clicks the row, and returns the dialog it opens. */
async function follow(title: string) {
  fireEvent.click(await screen.findByRole('link', { name: title }));
  return screen.findByRole('dialog');
}

describe('onboarding checklist links (issue 9: each step opens its own dialog)', () => {
  it.each([
    ['Add a building', 'Add a New Building', progressWith()],
    ['Add a unit', 'Add a New Unit', progressWith({ hasBuilding: true, firstBuildingId: tower.id })],
    ['Add a tenant', 'Add a Tenant', progressWith({ hasBuilding: true, firstBuildingId: tower.id, hasUnit: true, firstUnitId: apt.id })],
    ['Send the tenant onboarding e-mail', 'Invite Tenants', afterBuildingAndUnit],
  ])('"%s" opens %s', async (step, dialogTitle, progress) => {
    const view = renderManagerArea(CHECKLIST, { locations: [elm], progress, routes: bffRoutes });
    bff = view.bff;
    const dialog = await follow(step);
    expect(within(dialog).getByText(dialogTitle)).toBeTruthy();
  });

  it('sends "Add a unit" to the first building\'s unit list and "Add a tenant" to the first unit\'s tenants, with their flags', async () => {
    bff = renderManagerArea(CHECKLIST, { locations: [elm], progress: progressWith({ hasBuilding: true, firstBuildingId: tower.id, firstUnitId: apt.id }), routes: bffRoutes }).bff;
    expect((await screen.findByRole('link', { name: 'Add a unit' })).getAttribute('href')).toBe(`/property-manager/buildings/${tower.id}/units?openAddUnit=true`);
    expect(screen.getByRole('link', { name: 'Add a tenant' }).getAttribute('href')).toBe(`/property-manager/units/${apt.id}?openAddTenant=true`);
    expect(screen.getByRole('link', { name: 'Send the tenant onboarding e-mail' }).getAttribute('href')).toBe(`/property-manager/property-locations/${elm.id}?openInviteTenant=true`);
  });

  it('shows "Add a unit" and "Add a tenant" blocked, not as links to another step, until a building and a unit exist', async () => {
    bff = renderManagerArea(CHECKLIST, { locations: [elm], progress: progressWith(), routes: bffRoutes }).bff;
    await screen.findByRole('link', { name: 'Add a building' });
    expect(screen.queryByRole('link', { name: 'Add a unit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a tenant' })).toBeNull();
    expect(screen.getByText('Add a building first')).toBeTruthy();
    expect(screen.getByText('Add a unit first')).toBeTruthy();
  });
});

describe('onboarding checklist rows (issue 9: rows look and behave like links)', () => {
  it('makes each open step a whole-row link named by its title, focusable, described by its state, with a hover look', async () => {
    bff = renderManagerArea(CHECKLIST, { locations: [elm], progress: progressWith(), routes: bffRoutes }).bff;
    const link = await screen.findByRole('link', { name: 'Add a building' });
    // The row (its card) is inside the link, so the whole row is the click and focus target.
    const row = document.querySelector('[data-step="add-building"]')!;
    expect(link.contains(row)).toBe(true);
    expect(row.classList.contains('ant-card-hoverable')).toBe(true);
    link.focus();
    expect(document.activeElement).toBe(link);
    const description = link.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent).join(' ');
    expect(row.textContent).toContain('To do');
    expect(description).toContain('To do');
    // A blocked step is no link and no hover target.
    const blocked = document.querySelector('[data-step="phone-number"]')!;
    expect(blocked.closest('a')).toBeNull();
    expect(blocked.classList.contains('ant-card-hoverable')).toBe(false);
    expect(within(blocked as HTMLElement).getByText('Blocked')).toBeTruthy();
  });
});

describe('onboarding checklist bar (issue 9: never complete while something is left)', () => {
  it('links the lease upload to the vault\'s upload dialog, and payments to the payouts tab', async () => {
    bff = renderManagerArea(CHECKLIST, { locations: [home], progress: progressWith(), routes: bffRoutes }).bff;
    const lease = (await screen.findByText('Upload the lease')).closest<HTMLElement>('[data-step]')!;
    expect(lease.closest('a')?.getAttribute('href')).toBe('/property-manager/operations-hub/vault?openDocumentUpload=true&defaultCategoryId=2');
    expect(within(lease).queryByText('Unavailable')).toBeNull();
    const payments = document.querySelector<HTMLElement>('[data-step="connect-payments"]')!;
    expect(payments.closest('a')?.getAttribute('href')).toBe('/property-manager/account/payouts');
    expect(within(payments).queryByText('Unavailable')).toBeNull();
  });

  it('is not complete while a required step is open, and reads complete once every available step is done', async () => {
    const everything = progressWith({ ...afterBuildingAndUnit, hasEmailAddress: true, hasPhoneNumber: true, hasTenantsWithOnboardingEmailSent: true, hasLeaseDocument: true });
    const first = renderManagerArea(CHECKLIST, { locations: [home], progress: everything, routes: bffRoutes });
    bff = first.bff;
    // Pat Manager has no phone: personal details are open, so 2 of the single-family home's 3 and not complete.
    let bar = await screen.findByRole('progressbar', { name: 'Onboarding progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('67');
    expect(bar.closest('.ant-progress')!.classList.contains('ant-progress-status-success')).toBe(false);
    first.unmount();
    bff.restore();

    // With the phone saved, 100%: payouts, an optional step still open, keep it from its finished look.
    const second = renderManagerArea(CHECKLIST, { locations: [home], progress: everything, routes: bffRoutes, user: managerUser({ phone: '5550100142' }) });
    bff = second.bff;
    bar = await screen.findByRole('progressbar', { name: 'Onboarding progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.closest('.ant-progress')!.classList.contains('ant-progress-status-success')).toBe(false);
    expect(screen.getByText('All required steps are done; 1 optional step is left.')).toBeTruthy();
    second.unmount();
    bff.restore();

    // Payouts connected and rent set: every step done.
    const done = progressWith({ ...everything, hasStripeConnected: true, hasRentSetup: true });
    bff = renderManagerArea(CHECKLIST, { locations: [home], progress: done, routes: bffRoutes, user: managerUser({ phone: '5550100142' }) }).bff;
    bar = await screen.findByRole('progressbar', { name: 'Onboarding progress' });
    expect(bar.closest('.ant-progress')!.classList.contains('ant-progress-status-success')).toBe(true);
  });
});

describe('onboarding checklist of a single-family home (spec 000 4.2, 001: no building step)', () => {
  it('has no building step and nothing blocked on a building: the unit is done, the tenant and the e-mail address are links', async () => {
    bff = renderManagerArea(CHECKLIST, { locations: [home], progress: progressWith(), routes: bffRoutes }).bff;
    const bar = await screen.findByRole('progressbar', { name: 'Onboarding progress' });
    // 1 of its 3 required steps: the property done; the details (no phone yet) and the e-mail address open.
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    expect(screen.queryByText('Add a building')).toBeNull();
    expect(screen.queryByText('Add a building first')).toBeNull();
    expect(within(document.querySelector<HTMLElement>('[data-step="add-unit"]')!).getByText('Done')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a tenant' }).getAttribute('href')).toBe(`/property-manager/property-locations/${home.id}/tenants`);
    expect(screen.getByRole('link', { name: 'Get an e-mail address' }).getAttribute('href')).toBe(`/property-manager/property-locations/${home.id}/email-address`);
    expect(within(document.querySelector<HTMLElement>('[data-step="phone-number"]')!).getByText('Add a tenant first')).toBeTruthy();
  });

  it('reaches 100% with the e-mail address, the tenant, phone and lease steps left as optional', async () => {
    bff = renderManagerArea(CHECKLIST, {
      locations: [home],
      progress: progressWith({ hasEmailAddress: true }),
      routes: bffRoutes,
      user: managerUser({ phone: '5550100142' }),
    }).bff;
    const bar = await screen.findByRole('progressbar', { name: 'Onboarding progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('All required steps are done; 5 optional steps are left.')).toBeTruthy();
    for (const key of ['add-tenant', 'tenant-onboarding-email', 'upload-lease', 'connect-payments']) {
      expect(within(document.querySelector<HTMLElement>(`[data-step="${key}"]`)!).getByText('Optional')).toBeTruthy();
    }
  });
});
