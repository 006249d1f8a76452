import { screen } from '@testing-library/react';
import { json, on, pageOf, type stubBffRoutes } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { aLocation } from '../test-fixtures.js';
import { aTenant } from '../../features/tenants/test-fixtures.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const elm = aLocation({ id: 'loc-elm', name: 'Elm Court', type: 'MULTI_UNIT', declared_units_count: 6 });
const tower = {
  id: 'b-tower',
  name: 'North Tower',
  property_location_id: elm.id,
  address_text: '40 Elm Court, Austin, TX 78701',
  units_count: 1,
  created_at: new Date().toISOString(),
};
const portfolio = [
  on('GET', 'tenant/location/:id', () => json(pageOf([aTenant({ full_name: 'Ann Lee' })]))),
  on('GET', 'building/all', () => json([tower])),
  on('GET', `building/${tower.id}`, () => json(tower)),
  on('GET', 'unit/all', () => json([])),
  on('GET', 'rule/all', () => json([])),
];

/** Every heading of the page in document order, as "h<level> <name>", which is what moving by headings reads out. */
const outline = () => screen.getAllByRole('heading').map((heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`);

describe('page titles: one h1 per page of the manager shell, sections one level below it', () => {
  it.each([
    ['/property-manager/tenants', 'Tenants', ['h1 Tenants']],
    ['/property-manager/past-tenants', 'Past Tenants', ['h1 Past Tenants']],
    ['/property-manager/buildings', 'Buildings', ['h1 Buildings']],
    ['/property-manager/rules', 'Rules', ['h1 Rules']],
    ['/property-manager/property-locations', 'Property Locations', ['h1 Property Locations', 'h2 Elm Court']],
    ['/property-manager/dashboard', 'Dashboard', ['h1 Dashboard', 'h2 Property', 'h2 Onboarding progress', 'h2 Messages awaiting a reply', 'h2 Total Rent Collected This Month', 'h2 Upcoming Lease Renewals']],
  ])('%s has "%s" as its h1', async (path, title, expected) => {
    bff = renderManagerArea(path, { locations: [elm], routes: portfolio }).bff;
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(outline()).toEqual(expected);
  });

  it.each([
    [`/property-manager/property-locations/${elm.id}/tenants`, 'Tenants', ['h1 Elm Court', 'h2 Tenants']],
    [`/property-manager/property-locations/${elm.id}/buildings`, 'Buildings', ['h1 Elm Court', 'h2 Buildings']],
    [`/property-manager/property-locations/${elm.id}`, 'Overview', ['h1 Elm Court', 'h2 Overview']],
    [`/property-manager/buildings/${tower.id}/units`, 'Units', ['h1 North Tower', 'h2 Units']],
  ])('%s: the record is the h1 and its section "%s" an h2 (never a second h1)', async (path, section, expected) => {
    bff = renderManagerArea(path, { locations: [elm], routes: portfolio }).bff;
    expect(await screen.findByRole('heading', { level: 2, name: section })).toBeTruthy();
    expect(outline()).toEqual(expected);
  });
});
