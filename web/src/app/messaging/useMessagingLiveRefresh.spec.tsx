import { ListInboxItems, type InboxItem } from '@pm/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { json, on, pageOf, type stubBffRoutes } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { sessionCleared } from '../session-slice.js';
import { aLocation } from '../test-fixtures.js';
import { tagsForNotice, type MessagingNotice } from './useMessagingLiveRefresh.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const harbor = aLocation({ id: 'loc-harbor', name: 'Harbor View', type: 'MULTI_UNIT', phone: '+14155550123' });
// Parsed, so the fixture has every field a served item has (those added later default).
const fixtureItem = ListInboxItems.response.parse(ListInboxItems.fixture.response).items[0]!;
const anItem = (overrides: Partial<InboxItem> = {}): InboxItem => ({ ...fixtureItem, id: crypto.randomUUID(), session_id: crypto.randomUUID(), ...overrides });
const flags = on('GET', 'property-manager/navbar-flags/:id', () =>
  json({ showCommunicationMenuItems: true, showWorkflowsMenuItem: true, showPropertyInvoices: true, showMaintenanceRequestsMenuItem: true }),
);

/** msg/notify-stream as the BFF serves it: an event stream the test writes notices into, one per connection. */
function notifyStream() {
  const encoder = new TextEncoder();
  const connections: { request: Request; send: (notice: MessagingNotice) => void }[] = [];
  let seq = 0;
  const route = on('GET', 'msg/notify-stream', (request) => {
    let writer!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        writer = controller;
        controller.enqueue(encoder.encode(': connected\n\n'));
      },
    });
    connections.push({ request, send: (notice) => writer.enqueue(encoder.encode(`id: ${++seq}\nevent: notify\ndata: ${JSON.stringify(notice)}\n\n`)) });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return { route, connections };
}

const notice = (overrides: Partial<MessagingNotice>): MessagingNotice => ({
  type: 'message',
  status: 'received',
  location_id: harbor.id,
  message_id: crypto.randomUUID(),
  ticket_id: null,
  urgent: false,
  ...overrides,
});

function render(items: () => InboxItem[], unread: () => number) {
  const stream = notifyStream();
  const view = renderManagerArea('/property-manager/inbound-messages', {
    locations: [harbor],
    routes: [
      stream.route,
      on('GET', 'conversation/inbox', () => json(pageOf(items()))),
      on('GET', 'conversation/inbox/unread-count', () => json({ unreadCount: unread() })),
      on('GET', 'property-location/:id/units', () => json([])),
      flags,
    ],
  });
  bff = view.bff;
  const asked = (path: string) => view.bff.requests.filter((request) => request.path === `/api/${path}`).length;
  return { ...view, stream, asked };
}

describe('the live refresh of the manager console (msg/notify-stream)', () => {
  it('shows a new text and the unread count as soon as the stream announces it, long before the 30 s poll', async () => {
    let items = [anItem({ sender_name: 'Maria Lopez' })];
    let unread = 1;
    const view = render(() => items, () => unread);
    await screen.findByRole('article', { name: 'SMS from Maria Lopez' });
    await screen.findByRole('link', { name: 'Inbox, 1 unread' });
    await waitFor(() => expect(view.stream.connections).toHaveLength(1));
    expect(view.stream.connections[0]!.request.headers.get('authorization')).toMatch(/^Bearer /);
    const before = view.asked('conversation/inbox');

    const stranger = anItem({ tenant: null, sender_name: null, from: '+15559990000', message: 'Is the 2-bedroom available?' });
    items = [stranger, ...items];
    unread = 2;
    act(() => view.stream.connections[0]!.send(notice({ message_id: stranger.id })));

    await screen.findByRole('article', { name: 'SMS from +15559990000' }, { timeout: 2_000 });
    await screen.findByRole('link', { name: 'Inbox, 2 unread' }, { timeout: 2_000 });
    expect(view.asked('conversation/inbox')).toBe(before + 1);
  });

  it("coalesces a burst into one refetch, and ignores another location's notices", async () => {
    const view = render(() => [anItem()], () => 0);
    await screen.findByRole('article', { name: 'SMS from Maria Lopez' });
    await waitFor(() => expect(view.stream.connections).toHaveLength(1));
    const live = view.stream.connections[0]!;
    const before = view.asked('conversation/inbox');

    act(() => live.send(notice({ location_id: 'loc-elsewhere' })));
    act(() => live.send(notice({ type: 'draft', status: 'ready', location_id: 'loc-elsewhere' })));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(view.asked('conversation/inbox')).toBe(before);

    const messageId = crypto.randomUUID();
    act(() => {
      live.send(notice({ message_id: messageId }));
      live.send(notice({ type: 'draft', status: 'pending', message_id: messageId }));
    });
    await waitFor(() => expect(view.asked('conversation/inbox')).toBe(before + 1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(view.asked('conversation/inbox')).toBe(before + 1);
  });

  it('closes the stream on sign-out', async () => {
    const view = render(() => [anItem()], () => 0);
    await screen.findByRole('article', { name: 'SMS from Maria Lopez' });
    await waitFor(() => expect(view.stream.connections).toHaveLength(1));
    const { request } = view.stream.connections[0]!;
    expect(request.signal.aborted).toBe(false);

    act(() => {
      view.store.dispatch(sessionCleared());
    });

    await waitFor(() => expect(request.signal.aborted).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(view.stream.connections).toHaveLength(1);
  });
});

describe('tagsForNotice', () => {
  it('refreshes the sessions with the tickets: an urgent ticket opened at intake makes its session URGENT before any draft', () => {
    expect(tagsForNotice(notice({ type: 'ticket', status: 'opened', urgent: true, ticket_id: crypto.randomUUID() }))).toEqual([
      { type: 'Ticket', id: 'LIST' },
      { type: 'InboxItem', id: 'LIST' },
      'MessageSession',
    ]);
  });
});
