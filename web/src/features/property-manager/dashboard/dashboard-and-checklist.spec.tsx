import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deferredRoute, json, on, type stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderManagerArea } from '../../../../test/render-manager.js';
import { aLocation, progressWith } from '../../../app/test-fixtures.js';
import type { ExpiringLease } from '../lease-renewals.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const elm = aLocation({ id: 'loc-elm', name: 'Elm Court', type: 'MULTI_UNIT', declared_units_count: 6 });
// The contract promises every lease a building; the second one breaks that promise on purpose, to show the widget
// still refuses to send a renewal without one.
const leases: ExpiringLease[] = [
  { tenantId: 't-1', tenantName: 'Ana Lopez', unitName: 'Apt 1', buildingName: 'North Tower', buildingId: 'b-1', expiryDate: '2027-03-01' },
  { tenantId: 't-2', tenantName: 'Ben Ode', unitName: 'Apt 2', buildingName: '', buildingId: null as unknown as string, expiryDate: '2027-03-15' },
];
const expiring = on('GET', `todo/location/${elm.id}/expiring-leases`, () => json(leases));
const leaseRequests = () => bff!.requests.filter((request) => request.path.endsWith('/expiring-leases'));

describe("dashboard loading (issue 9: the shell's data came in a waterfall)", () => {
  it("asks for the locations, the remembered location's progress and its renewals together, before any answers", async () => {
    const held = [
      deferredRoute('GET', 'property-location/all', () => json([elm])),
      deferredRoute('GET', `property-manager/onboarding/${elm.id}/progress`, () => json(progressWith())),
      deferredRoute('GET', `todo/location/${elm.id}/expiring-leases`, () => json(leases)),
    ];
    bff = renderManagerArea('/property-manager/dashboard', { locations: [elm], routes: held.map(({ route }) => route) }).bff;

    await waitFor(() =>
      expect(bff!.requests.map((request) => request.path).sort()).toEqual(
        // The shell also asks whether the sandbox phone answers (it lists the page only in the local profile), and the
        // messages awaiting a reply come with the unread count and the open tickets' total.
        [
          '/api/property-location/all',
          `/api/property-manager/onboarding/${elm.id}/progress`,
          `/api/todo/location/${elm.id}/expiring-leases`,
          '/api/sandbox/phone/numbers',
          '/api/conversation/inbox',
          '/api/conversation/inbox/unread-count',
          '/api/ticket/all',
        ].sort(),
      ),
    );
    for (const { release } of held) release();
    expect(await screen.findByText('Ana Lopez')).toBeTruthy();
    // The page found the renewals already asked for: no second request once everything answered.
    expect(leaseRequests()).toHaveLength(1);
  });

  it("when the remembered location is gone, asks for the first one's progress and renewals together once the list is in", async () => {
    const gone = aLocation({ id: 'loc-gone', name: 'Sold Last Year' });
    const held = [
      deferredRoute('GET', `property-manager/onboarding/${elm.id}/progress`, () => json(progressWith())),
      deferredRoute('GET', `todo/location/${elm.id}/expiring-leases`, () => json(leases)),
    ];
    const goneProgress = on('GET', `property-manager/onboarding/${gone.id}/progress`, () => json({ statusCode: 404, message: 'Property location not found' }, 404));
    bff = renderManagerArea('/property-manager/dashboard', { locations: [elm], selected: gone, routes: [goneProgress, ...held.map(({ route }) => route)] }).bff;

    await waitFor(() => expect(bff!.requests.map((request) => request.path)).toContain(`/api/todo/location/${elm.id}/expiring-leases`));
    expect(bff.requests.map((request) => request.path)).toContain(`/api/property-manager/onboarding/${elm.id}/progress`);
    for (const { release } of held) release();
    expect(await screen.findByText('Ana Lopez')).toBeTruthy();
    // The guess's 404 is nobody's error: the list said which location to show.
    expect(screen.queryByText('Failed to fetch onboarding progress.')).toBeNull();
  });
});

describe('Upcoming Lease Renewals (spec 001 dashboard, section 9)', () => {
  it('asks for the default 60-day window, lists tenant, unit, building and expiry, and asks again for a chosen window', async () => {
    bff = renderManagerArea('/property-manager/dashboard', { locations: [elm], routes: [expiring] }).bff;

    expect(await screen.findByText('Upcoming Lease Renewals')).toBeTruthy();
    expect(await screen.findByText('Ana Lopez')).toBeTruthy();
    expect(screen.getByText('North Tower')).toBeTruthy();
    expect(screen.getByText('Mar 1, 2027')).toBeTruthy();
    expect(leaseRequests().map((request) => request.query.get('days'))).toEqual(['60']);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Lease renewal window' }));
    const options = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option'));
      if (found.length === 0) throw new Error('no options yet');
      return found;
    });
    expect(options.map((option) => option.textContent)).toEqual([15, 30, 45, 60, 90, 180, 365].map((days) => `Next ${days} days`));
    fireEvent.click(options.find((option) => option.textContent === 'Next 90 days')!);
    await waitFor(() => expect(leaseRequests().map((request) => request.query.get('days'))).toContain('90'));
  });

  it('sends the renewal e-mail for a row, and refuses a row without a building', async () => {
    bff = renderManagerArea('/property-manager/dashboard', {
      locations: [elm],
      routes: [expiring, on('POST', 'todo/lease-renewal-email', () => json({ sent: true }, 201))],
    }).bff;

    fireEvent.click(await screen.findByRole('button', { name: 'Send renewal e-mail to Ben Ode' }));
    expect(await screen.findByText('Building ID is required to send renewal email')).toBeTruthy();
    expect(bff.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send renewal e-mail to Ana Lopez' }));
    expect(await screen.findByText('Renewal e-mail sent')).toBeTruthy();
    expect(bff.requests.find((request) => request.method === 'POST')!.body).toEqual({ tenantId: 't-1', buildingId: 'b-1' });
  });

  it('shows the server message when sending fails', async () => {
    bff = renderManagerArea('/property-manager/dashboard', {
      locations: [elm],
      routes: [expiring, on('POST', 'todo/lease-renewal-email', () => json({ statusCode: 400, message: 'Tenant has no email address' }, 400))],
    }).bff;
    fireEvent.click(await screen.findByRole('button', { name: 'Send renewal e-mail to Ana Lopez' }));
    expect(await screen.findByText('Tenant has no email address')).toBeTruthy();
  });
});

describe('onboarding checklist page', () => {
  it('links the open steps of a multi-unit location in order and shows the rounded percent', async () => {
    bff = renderManagerArea('/property-manager/onboarding-checklist', {
      locations: [elm],
      progress: progressWith({ hasBuilding: true, firstBuildingId: 'b-1' }),
    }).bff;
    const addUnit = await screen.findByText('Add a unit');
    expect(addUnit.closest('a')!.getAttribute('href')).toBe('/property-manager/buildings/b-1/units?openAddUnit=true');
    const steps = Array.from(document.querySelectorAll('[data-step]')).map((item) => item.getAttribute('data-step'));
    expect(steps).toEqual(['personal-details', 'find-property', 'add-building', 'add-unit', 'add-tenant', 'phone-number', 'tenant-onboarding-email', 'connect-payments']);
    // Pat Manager has no phone: find property and add building done, 2 of 7 required = 29%.
    expect(within(screen.getByRole('progressbar', { name: 'Onboarding progress' })).getByText('29%')).toBeTruthy();
    expect(screen.getByText('Add a tenant first')).toBeTruthy();
    expect(screen.getByText('Get a phone number').closest('a')).toBeNull();
  });
});
