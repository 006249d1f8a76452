import { GetMessageDraft, ListInboxItems, ListMessageSessions, ListSentSms, ListSessionMessages, type InboxItem, type MessageSessionView, type SentMessageView, type ThreadMessage } from '@pm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, on, pageOf, type stubBffRoutes } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { aLocation } from '../../app/test-fixtures.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const harbor = aLocation({ id: 'loc-harbor', name: 'Harbor View', type: 'MULTI_UNIT', phone: '+14155550123' });
const fixtureItem = ListInboxItems.fixture.response.items[0]!;
const anItem = (overrides: Partial<InboxItem> = {}): InboxItem => ({ ...fixtureItem, id: crypto.randomUUID(), session_id: crypto.randomUUID(), ...overrides });
const aSession = (overrides: Partial<MessageSessionView> = {}): MessageSessionView => ({ ...ListMessageSessions.fixture.response.items[0]!, session_id: crypto.randomUUID(), ...overrides });
const aMessage = (overrides: Partial<ThreadMessage> = {}): ThreadMessage => ({ ...ListSessionMessages.fixture.response.items[0]!, id: crypto.randomUUID(), media: [], ...overrides });
const shell = [on('GET', 'property-manager/navbar-flags/:id', () => json({ showCommunicationMenuItems: true, showWorkflowsMenuItem: true, showPropertyInvoices: true, showMaintenanceRequestsMenuItem: true }))];

function renderInbound(items: () => InboxItem[], routes: Parameters<typeof renderManagerArea>[1]['routes'] = []) {
  const view = renderManagerArea('/property-manager/inbound-messages', {
    locations: [harbor],
    routes: [
      ...(routes ?? []),
      on('GET', 'conversation/inbox', () => json(pageOf(items()))),
      on('GET', 'conversation/inbox/unread-count', () => json({ unreadCount: 3 })),
      on('GET', 'property-location/:id/units', () => json([{ id: fixtureItem.tenant!.unit_id, name: '4B', building_id: 'b', building_name: 'North', property_location_id: harbor.id, tenants_count: 1, created_at: new Date().toISOString() }])),
      ...shell,
    ],
  });
  bff = view.bff;
  return view;
}

const card = (sender: string) => screen.findByRole('article', { name: `SMS from ${sender}` });

describe('Inbound Messages (spec 001 §2)', () => {
  it('shows each inbound message as a draft card: URGENT, sender, unit, message, media and the AI response', async () => {
    renderInbound(() => [
      anItem({ urgent: true, media: [{ url: 'https://media.example/leak.jpg', content_type: 'image/jpeg' }] }),
      anItem({ tenant: null, sender_name: null, from: '+15559990000', message: 'Is the 2-bedroom available?', draft: { status: 'pending', version: 1, reply: null, failure: null, sources: [] } }),
    ]);
    const maria = await card('Maria Lopez');
    expect(within(maria).getByText('URGENT')).toBeTruthy();
    expect(within(maria).getByText(/Unit 4B/)).toBeTruthy();
    expect(within(maria).getByText('My kitchen sink is leaking, water everywhere')).toBeTruthy();
    expect(within(maria).getByAltText('Attachment 1')).toBeTruthy();
    expect((within(maria).getByLabelText('AI Response') as HTMLTextAreaElement).value).toBe(fixtureItem.draft!.reply);
    // What the reply rests on: the location's Q&A item the draft cites.
    expect(within(within(maria).getByRole('group', { name: 'Sources of the AI response' })).getByText('Q&A: What do I do about a water leak?')).toBeTruthy();

    const stranger = await card('+15559990000');
    expect(within(stranger).getByText('Unknown sender')).toBeTruthy();
    expect(within(stranger).getByText('The AI is drafting a response…')).toBeTruthy();
    expect(within(stranger).getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    // The unread badge in the navbar and the communication menu items.
    expect(await screen.findByRole('link', { name: 'Inbox, 3 unread' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sent SMS' })).toBeTruthy();
  });

  it('lists the files a message brought, by name and size (units of 1024)', async () => {
    renderInbound(() => [anItem({ attachments: [{ id: crypto.randomUUID(), file_name: 'plumber-invoice.pdf', content_type: 'application/pdf', size: 1_536 }] })]);
    const mail = await card('Maria Lopez');
    expect(within(within(mail).getByRole('list', { name: 'Attachments' })).getByRole('button', { name: /plumber-invoice\.pdf \(1\.5 KB\)/ })).toBeTruthy();
  });

  it('sends the edited text as written, toasts "SMS sent successfully", and the item then shows Sent', async () => {
    let items = [anItem()];
    renderInbound(() => items, [
      on('POST', 'sms/send-response', async (request) => {
        const body = (await request.json()) as { sessionId: string; response: string };
        items = [{ ...items[0]!, replied_to: true, status: 'done' }];
        return json({ ...ListSentSms.fixture.response.items[0], message: 'SMS sent successfully', sent: { ...ListSentSms.fixture.response.items[0]!, session_id: body.sessionId, message: body.response } });
      }),
    ]);
    const maria = await card('Maria Lopez');
    fireEvent.change(within(maria).getByLabelText('AI Response'), { target: { value: '   ' } });
    expect(within(maria).getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(maria).getByLabelText('AI Response'), { target: { value: 'A plumber comes at 3 pm.' } });
    fireEvent.click(within(maria).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('SMS sent successfully')).toBeTruthy();
    expect(bff!.requests.find((request) => request.path === '/api/sms/send-response')!.body).toEqual({ sessionId: items[0]!.session_id, response: 'A plumber comes at 3 pm.' });
    expect(await within(await card('Maria Lopez')).findByText('Sent')).toBeTruthy();
  });

  it('says "Failed to sent SMS" when the send fails, and archives with the server\'s words', async () => {
    let items = [anItem()];
    renderInbound(() => items, [
      on('POST', 'sms/send-response', () => json({ statusCode: 500, message: 'boom' }, 500)),
      on('POST', 'sms/:id/archive', () => {
        items = [{ ...items[0]!, archived: true, status: 'done' }];
        return json({ message: 'Sms archived successfully' });
      }),
    ]);
    const maria = await card('Maria Lopez');
    fireEvent.click(within(maria).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to sent SMS')).toBeTruthy();
    fireEvent.click(within(maria).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Sms archived successfully')).toBeTruthy();
    expect(await within(await card('Maria Lopez')).findByText('Archived')).toBeTruthy();
  });

  it('shows a failed draft\'s reason with Regenerate, and regenerates it', async () => {
    let items = [anItem({ draft: { status: 'failed', version: 1, reply: null, failure: 'The AI did not finish the draft within 120 seconds. Regenerate to try again.', sources: [] } })];
    renderInbound(() => items, [
      on('POST', 'message/:id/draft/regenerate', () => {
        items = [{ ...items[0]!, draft: { status: 'ready', version: 2, reply: 'Thanks, we are on it.', failure: null, sources: [] } }];
        return json({ message: 'AI response regenerated successfully', draft: GetMessageDraft.fixture.response.versions[0] });
      }),
    ]);
    const maria = await card('Maria Lopez');
    expect(within(maria).getByText('The AI did not finish the draft within 120 seconds. Regenerate to try again.')).toBeTruthy();
    fireEvent.click(within(maria).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('AI response regenerated successfully')).toBeTruthy();
    await waitFor(async () => expect((within(await card('Maria Lopez')).getByLabelText('AI Response') as HTMLTextAreaElement).value).toBe('Thanks, we are on it.'));
  });

  it('opens the Message History with every version, its origin, who edited and when', async () => {
    const item = anItem();
    const versions = [
      { ...GetMessageDraft.fixture.response.versions[0]!, version: 2, origin: 'edit' as const, reply: 'Our text', edited_by: 'usr_pat' },
      GetMessageDraft.fixture.response.versions[0]!,
    ];
    renderInbound(() => [item], [on('GET', 'message/:id/draft', () => json({ versions }))]);
    fireEvent.click(within(await card('Maria Lopez')).getByRole('button', { name: 'View History' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Message History')).toBeTruthy();
    expect(await within(dialog).findByText(/Version 2 · Edited by the team/)).toBeTruthy();
    expect(within(dialog).getByText(/edited by usr_pat/)).toBeTruthy();
    expect(within(dialog).getByText(/Version 1 · AI draft/)).toBeTruthy();
  });

  it('asks again with the filter and channel chosen', async () => {
    renderInbound(() => []);
    expect(await screen.findByText('No messages found.')).toBeTruthy();
    fireEvent.click(screen.getByText('Emergency'));
    await waitFor(() => expect(bff!.requests.some((request) => request.path === '/api/conversation/inbox' && request.query.get('filter') === 'emergency')).toBe(true));
    expect(bff!.requests.find((request) => request.path === '/api/conversation/inbox')!.query.get('location_id')).toBe(harbor.id);
  });
});

describe('Inbox (spec 001 §2)', () => {
  function renderInbox(path: string, sessions: MessageSessionView[], routes: Parameters<typeof renderManagerArea>[1]['routes'] = []) {
    const view = renderManagerArea(path, {
      locations: [harbor],
      routes: [...(routes ?? []), on('GET', 'message-session/all', () => json(pageOf(sessions))), on('GET', 'conversation/inbox/unread-count', () => json({ unreadCount: 0 })), ...shell],
    });
    bff = view.bff;
    return view;
  }

  it('lists the sessions in a drawer whose search box asks the server (debounced), and asks to select a thread', async () => {
    const dan = aSession({ from: { name: 'Dan Wu', source: '+15550001111', to: '+14155550123' }, tenant: null });
    renderInbox('/property-manager/inbox', [aSession(), dan], [
      on('GET', 'conversation/inbox/search', (_request, url) =>
        url.searchParams.get('q') === 'boiler noise'
          ? json(pageOf([{ ...dan, match: { id: crypto.randomUUID(), message: 'The boiler makes a loud noise at night', role: 'tenant' as const, created_at: dan.updated_at } }]))
          : json({ statusCode: 400, message: 'Search contains characters that are not allowed' }, 400),
      ),
    ]);
    const drawer = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(await within(drawer).findByText('Maria Lopez')).toBeTruthy();
    expect(screen.getByText('Select a thread to view messages.')).toBeTruthy();

    const box = within(drawer).getByLabelText('Search conversations');
    fireEvent.change(box, { target: { value: 'boi' } });
    fireEvent.change(box, { target: { value: ' boiler noise ' } });
    expect(await within(drawer).findByText(/The boiler makes a loud noise at night/, {}, { timeout: 2_000 })).toBeTruthy();
    expect(within(drawer).getByText('Dan Wu')).toBeTruthy();
    expect(within(drawer).queryByText('Maria Lopez')).toBeNull();
    // One request per pause in typing, with the trimmed text and the selected location.
    const searches = bff!.requests.filter((request) => request.path === '/api/conversation/inbox/search');
    expect(searches.map((request) => [request.query.get('q'), request.query.get('location_id')])).toEqual([['boiler noise', harbor.id]]);

    fireEvent.change(box, { target: { value: 'bad\u0007' } });
    expect(await within(drawer).findByText('Search contains characters that are not allowed', {}, { timeout: 2_000 })).toBeTruthy();

    fireEvent.change(box, { target: { value: '' } });
    expect(await within(drawer).findByText('Maria Lopez', {}, { timeout: 2_000 })).toBeTruthy();
  });

  it('opens a thread: tenant left, team right, marks it read, and refuses a blank reply', async () => {
    const session = aSession({ unread_count: 2 });
    renderInbox(`/property-manager/inbox/${session.session_id}`, [session], [
      on('GET', 'message-session/:id/messages', () =>
        json(pageOf([aMessage({ message: 'We will send someone.', role: 'property_manager', direction: 'outbound', sender_name: 'Pat Manager' }), aMessage({ message: 'Sink is leaking' })])),
      ),
      on('POST', 'conversation/:id/mark-read', () => json({ unreadCount: 0 })),
    ]);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Sink is leaking')).toBeTruthy();
    const texts = within(log).getAllByText(/Sink is leaking|We will send someone\./).map((node) => node.textContent);
    expect(texts).toEqual(['Sink is leaking', 'We will send someone.']);
    await waitFor(() => expect(bff!.requests.some((request) => request.method === 'POST' && request.path === `/api/conversation/${session.session_id}/mark-read`)).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message is required.')).toBeTruthy();
    expect(bff!.requests.some((request) => request.path === '/api/sms/send-response')).toBe(false);
  });

  it('opens a thread linked to directly that the drawer has not loaded', async () => {
    const session = aSession({ unread_count: 0, from: { name: 'Lee Park', source: '+15550002222', to: '+14155550123' } });
    renderInbox(`/property-manager/inbox/${session.session_id}`, [aSession({})], [
      (request, url) => (request.method === 'GET' && url.pathname === `/api/message-session/${session.session_id}` ? json(session) : undefined),
      on('GET', 'message-session/:id/messages', () => json(pageOf([aMessage({ message: 'An older conversation' })]))),
    ]);
    expect(await screen.findByText('An older conversation')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Lee Park/ })).toBeTruthy();
  });

  it('says "Failed to load messages." when the thread cannot be read', async () => {
    const session = aSession({ unread_count: 0 });
    renderInbox(`/property-manager/inbox/${session.session_id}`, [session], [on('GET', 'message-session/:id/messages', () => json({ statusCode: 500, message: 'boom' }, 500))]);
    expect(await screen.findByText('Failed to load messages.')).toBeTruthy();
  });
});

describe('Sent SMS (spec 001 §2)', () => {
  it('shows each send\'s state, a failed one with its reason, and filters sent / archived', async () => {
    const sent: SentMessageView = { ...ListSentSms.fixture.response.items[0]!, id: 's1', status: 'sent', sent_at: new Date().toISOString() };
    const failed: SentMessageView = { ...sent, id: 's2', status: 'failed', failure: 'Carrier rejected the number', message: 'Second reply' };
    const view = renderManagerArea('/property-manager/sent-sms', {
      locations: [harbor],
      routes: [on('GET', 'sms/sent', () => json(pageOf([sent, failed]))), ...shell],
    });
    bff = view.bff;
    expect(await screen.findByText('Not delivered: Carrier rejected the number')).toBeTruthy();
    expect(screen.getAllByText('Sent').length).toBeGreaterThan(0);
    expect(screen.getByText('Failed')).toBeTruthy();
    fireEvent.click(screen.getByText('Archived'));
    await waitFor(() => expect(bff!.requests.some((request) => request.path === '/api/sms/sent' && request.query.get('filter_by') === 'archived')).toBe(true));
  });
});
