import { fireEvent, screen, within } from '@testing-library/react';
import type { InboundCallView } from '@pm/contracts';
import { json, managerUser, on, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { propertyManagerRoute } from '../../app/pm-shell/routes.js';
import { sessionStarted } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';
import { aLocation, progressWith } from '../../app/test-fixtures.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const aCall = (overrides: Partial<InboundCallView> = {}): InboundCallView => ({
  id: crypto.randomUUID(),
  property_location_id: 'loc',
  call_sid: `CA${'0'.repeat(32)}`,
  from: '+15551234567',
  to: '+14155550123',
  tenant: { id: crypto.randomUUID(), full_name: 'Maria Lopez' },
  status: 'completed',
  urgent: false,
  started_at: '2026-11-24T10:15:00.000Z',
  ended_at: '2026-11-24T10:16:10.000Z',
  duration_seconds: 70,
  turns: [
    {
      id: crypto.randomUUID(),
      seq: 1,
      transcript: 'When is trash collected?',
      confidence: 0.9,
      kind: 'answer',
      answer: 'Trash is collected every Thursday morning.',
      urgent: false,
      sources: [],
      message_id: null,
      at: '2026-11-24T10:15:20.000Z',
      answered_at: '2026-11-24T10:15:24.000Z',
    },
  ],
  ...overrides,
});

function renderPage(calls: InboundCallView[]) {
  const location = aLocation();
  bff = stubBffRoutes(
    on('GET', 'property-location/all', () => json([location])),
    on('GET', 'property-manager/onboarding/:id/progress', () => json(progressWith())),
    on('GET', 'inbound-call/all', () => json({ items: calls, next_cursor: null, total: calls.length })),
  );
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user: managerUser() }));
  renderRoutes([{ path: '/', children: [propertyManagerRoute] }], { path: '/property-manager/inbound-call', store });
  return location;
}

describe('Inbound Calls', () => {
  it("lists the selected location's calls and shows the first one's transcript", async () => {
    const location = renderPage([aCall(), aCall({ tenant: null, from: '+15559870001', urgent: true, status: 'in_progress', duration_seconds: null, turns: [] })]);
    const list = await screen.findByRole('list', { name: 'Inbound calls' });
    expect(within(list).getByText('Maria Lopez')).toBeTruthy();
    expect(within(list).getByText('+15559870001')).toBeTruthy();
    expect(within(list).getByText('URGENT')).toBeTruthy();
    const transcript = screen.getByRole('list', { name: 'Transcript' });
    expect(within(transcript).getByText('When is trash collected?')).toBeTruthy();
    expect(within(transcript).getByText('Trash is collected every Thursday morning.')).toBeTruthy();
    expect(within(transcript).getByText('Answered by the assistant')).toBeTruthy();
    expect(bff.requests.find((request) => request.path === '/api/inbound-call/all')!.query.get('location_id')).toBe(location.id);

    fireEvent.click(within(list).getByText('+15559870001'));
    expect(await screen.findByText('The caller did not say anything.')).toBeTruthy();
  });

  it('says so when there are no calls, and when they cannot be loaded', async () => {
    renderPage([]);
    expect(await screen.findByText('No calls yet.')).toBeTruthy();
    bff.restore();
    const location = aLocation();
    bff = stubBffRoutes(
      on('GET', 'property-location/all', () => json([location])),
      on('GET', 'property-manager/onboarding/:id/progress', () => json(progressWith())),
      on('GET', 'inbound-call/all', () => json({ statusCode: 500, message: 'boom' }, 500)),
    );
    const store = createAppStore();
    store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user: managerUser() }));
    renderRoutes([{ path: '/', children: [propertyManagerRoute] }], { path: '/property-manager/inbound-call', store });
    expect(await screen.findByText('Failed to fetch inbound calls.')).toBeTruthy();
  });
});
