import { screen, within } from '@testing-library/react';
import { json, on } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { aLocation } from '../test-fixtures.js';

/**
 * Routes of spec 000 §2.1 that show, for the location chosen in the shell or under the spec's own path, a screen the
 * manager area already has elsewhere: the same page, not a copy.
 */
const elm = aLocation({ id: 'loc-elm', name: 'Elm Court', type: 'MULTI_UNIT', access_role: 'OWNER' });
const emptyPage = () => json({ items: [], next_cursor: null, total: 0 });

let bff: { restore: () => void } | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

describe('manager routes of spec 000 §2.1 over existing screens', () => {
  it('knowledge-base shows the selected location’s Q&A items and rules under one title', async () => {
    const view = renderManagerArea('/property-manager/knowledge-base', {
      locations: [elm],
      routes: [
        on('GET', 'question/all', () => json([{ id: 'q1', question: 'When is trash day?', answer: 'Tuesday', location_id: elm.id }])),
        on('GET', 'rule/all', () => json([{ id: 'r1', description: 'Never promise a refund', expected_output: 'Defer to the manager', location_id: elm.id }])),
      ],
    });
    bff = view.bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeTruthy();
    expect(await screen.findByText('When is trash day?')).toBeTruthy();
    expect(await screen.findByText('Never promise a refund')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Questions & Answers' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Rules' })).toBeTruthy();
    expect(view.bff.requests.find((request) => request.path === '/api/question/all')!.query.get('location_id')).toBe(elm.id);
  });

  it('invite-member opens Add Property Partner for the selected location on arrival', async () => {
    const view = renderManagerArea('/property-manager/invite-member', {
      locations: [elm],
      routes: [on('GET', 'property-manager/all', () => json([])), on('GET', 'property-manager/invitations', () => json([]))],
    });
    bff = view.bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'Property Partners' })).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add Property Partner')).toBeTruthy();
    expect(view.bff.requests.find((request) => request.path === '/api/property-manager/all')!.query.get('location_id')).toBe(elm.id);
  });

  it('invite-member does not open the form for a partner who may not invite', async () => {
    const viewer = { ...elm, access_role: 'VIEWER' as const };
    const view = renderManagerArea('/property-manager/invite-member', {
      locations: [viewer],
      routes: [on('GET', 'property-manager/all', () => json([])), on('GET', 'property-manager/invitations', () => json([]))],
    });
    bff = view.bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'Property Partners' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('units/{id}/documents is the unit’s page with its Documents only', async () => {
    const unit = { id: 'u-7', name: 'Apt 7', building_id: 'b-1', building_name: 'North Tower', property_location_id: elm.id, tenants_count: 0, created_at: new Date().toISOString() };
    const view = renderManagerArea('/property-manager/units/u-7/documents', {
      locations: [elm],
      routes: [on('GET', 'unit/u-7', () => json(unit)), on('GET', 'unit/u-7/documents', emptyPage), on('GET', 'tenant/all', () => json([]))],
    });
    bff = view.bff;
    expect(await screen.findByRole('heading', { level: 1, name: 'Apt 7' })).toBeTruthy();
    expect(await screen.findByText('Documents')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Tenants' })).toBeNull();
    expect(view.bff.requests.some((request) => request.path === '/api/tenant/all')).toBe(false);
  });
});
