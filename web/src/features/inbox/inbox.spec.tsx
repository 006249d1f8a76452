import {
  CreateQuestion,
  GetMessageDraft,
  ListInboxItems,
  ListMessageSessions,
  ListSentSms,
  ListSessionMessages,
  type DraftSourceView,
  type InboxDraft,
  type InboxItem,
  type MessageDraftView,
  type MessageSessionView,
  type SentMessageView,
  type ThreadMessage,
} from '@pm/contracts';
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
// Parsed, so the fixture has every field a served item has (those added later default).
const fixtureItem = ListInboxItems.response.parse(ListInboxItems.fixture.response).items[0]!;
const anItem = (overrides: Partial<InboxItem> = {}): InboxItem => ({ ...fixtureItem, id: crypto.randomUUID(), session_id: crypto.randomUUID(), ...overrides });
const aDraft = (overrides: Partial<InboxDraft> = {}): InboxDraft => ({ status: 'ready', version: 1, reply: null, failure: null, sources: [], near_misses: [], outcome: null, ...overrides });
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
      anItem({ tenant: null, sender_name: null, from: '+15559990000', message: 'Is the 2-bedroom available?', draft: aDraft({ status: 'pending' }) }),
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

  it('marks an e-mail whose sender was not verified, shown as from an unknown sender, and no other', async () => {
    renderInbound(() => [
      anItem({ type: 'email', tenant: null, sender_name: 'Maria Lopez', from: 'maria.lopez@example.com', sender_verified: false, message: 'Please pay the rent to my new account.' }),
      anItem({ sender_name: 'Ann Lee', tenant: { ...fixtureItem.tenant!, full_name: 'Ann Lee' } }),
    ]);
    const spoofed = await screen.findByRole('article', { name: 'E-mail from Maria Lopez' });
    expect(within(spoofed).getByText('Unknown sender')).toBeTruthy();
    expect(within(spoofed).getByText('Sender not verified')).toBeTruthy();
    expect(within(await card('Ann Lee')).queryByText('Sender not verified')).toBeNull();
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
    let items = [anItem({ draft: aDraft({ status: 'failed', failure: 'The AI did not finish the draft within 120 seconds. Regenerate to try again.' }) })];
    renderInbound(() => items, [
      on('POST', 'message/:id/draft/regenerate', () => {
        items = [{ ...items[0]!, draft: aDraft({ version: 2, reply: 'Thanks, we are on it.', outcome: 'model-reply' }) }];
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

describe('A deferred draft: the items found near the message, and Add as Q&A item', () => {
  const POOL = 'Is the rooftop pool open tonight? Until what time?';
  const HOLDING = 'Thank you for your message. The property manager will get back to you soon.';
  const gym: DraftSourceView = { kind: 'question', id: 'q-gym', title: 'When is the gym open?', score: 0.38 };
  const amenities: DraftSourceView = { kind: 'rule', id: 'r-amenities', title: 'A tenant asks to book an amenity', score: 0.2 };
  const deferred = (overrides: Partial<InboxDraft> = {}) => aDraft({ reply: HOLDING, near_misses: [gym, amenities], outcome: 'not-covered', ...overrides });
  const created = (question: string, answer: string) => ({ ...CreateQuestion.fixture.response, id: 'q-pool', location_id: harbor.id, question, answer });
  const regenerated = (version: number) => json({ message: 'AI response regenerated successfully', draft: { ...GetMessageDraft.fixture.response.versions[0]!, version, origin: 'regenerate', status: 'pending' } });
  const poolSource: DraftSourceView = { kind: 'question', id: 'q-pool', title: POOL, score: 1.1 };
  const dialog = async () => {
    const found = await screen.findByRole('dialog');
    expect(within(found).getByText('Add Q&A Item')).toBeTruthy();
    return found;
  };
  const writes = () => bff!.requests.filter((request) => request.method === 'POST').map((request) => request.path);

  it('names the related items beside the holding reply and offers to add the message; an answered draft names its sources only', async () => {
    renderInbound(() => [
      anItem({ message: POOL, draft: deferred() }),
      anItem({ tenant: null, sender_name: null, from: '+15559990000', draft: aDraft({ reply: 'Visitor spaces are on P1.', sources: [gym], outcome: 'model-reply' }) }),
      anItem({ tenant: null, sender_name: null, from: '+15558880000', message: 'Can I repaint?', draft: deferred({ sources: [amenities], near_misses: [], outcome: 'holding-reply' }) }),
    ]);
    const maria = await card('Maria Lopez');
    expect(within(maria).getByText('The knowledge base does not answer this message yet.')).toBeTruthy();
    const related = within(maria).getByRole('group', { name: 'Related items' });
    expect(within(related).getByText('Q&A: When is the gym open?')).toBeTruthy();
    expect(within(related).getByText('Rule: A tenant asks to book an amenity')).toBeTruthy();
    expect(within(maria).queryByRole('group', { name: 'Sources of the AI response' })).toBeNull();
    expect(within(maria).getByRole('button', { name: 'Add as Q&A item' })).toBeTruthy();

    const answered = await card('+15559990000');
    const sources = within(answered).getByRole('group', { name: 'Sources of the AI response' });
    expect(within(sources).getByText('Based on:')).toBeTruthy();
    expect(within(sources).getByText('Q&A: When is the gym open?')).toBeTruthy();
    expect(within(answered).queryByRole('group', { name: 'Related items' })).toBeNull();
    expect(within(answered).queryByRole('button', { name: 'Add as Q&A item' })).toBeNull();

    // A holding reply with nothing near it still offers the item; the rule it found but could not send is named as found.
    const nothingNear = await card('+15558880000');
    expect(within(nothingNear).getByText('The AI could not send an answer from the knowledge base.')).toBeTruthy();
    expect(within(nothingNear).queryByRole('group', { name: 'Related items' })).toBeNull();
    const found = within(nothingNear).getByRole('group', { name: 'Sources of the AI response' });
    expect(within(found).getByText('Found:')).toBeTruthy();
    expect(within(found).getByText('Rule: A tenant asks to book an amenity')).toBeTruthy();
    expect(within(nothingNear).getByRole('button', { name: 'Add as Q&A item' })).toBeTruthy();
  });

  it('opens Add Q&A Item with the tenant\'s message as the question and the answer left empty, and checks it as the Q&A page does', async () => {
    renderInbound(() => [anItem({ message: POOL, draft: deferred() })]);
    fireEvent.click(within(await card('Maria Lopez')).getByRole('button', { name: 'Add as Q&A item' }));
    const form = await dialog();
    expect((within(form).getByLabelText('Question') as HTMLTextAreaElement).value).toBe(POOL);
    expect((within(form).getByLabelText('Answer') as HTMLTextAreaElement).value).toBe('');
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Answer is required')).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('saves the item for the location, then regenerates the draft, which answers from it', async () => {
    let items = [anItem({ message: POOL, draft: deferred() })];
    const order: string[] = [];
    renderInbound(() => items, [
      on('POST', 'question', async (request) => {
        order.push('question');
        const body = (await request.json()) as { question: string; answer: string };
        return json(created(body.question, body.answer), 201);
      }),
      on('POST', 'message/:id/draft/regenerate', () => {
        order.push('regenerate');
        items = [{ ...items[0]!, draft: aDraft({ version: 2, reply: 'The rooftop pool is open from 6:45 AM to 9:15 PM.', sources: [poolSource], outcome: 'model-reply' }) }];
        return regenerated(2);
      }),
    ]);
    fireEvent.click(within(await card('Maria Lopez')).getByRole('button', { name: 'Add as Q&A item' }));
    const form = await dialog();
    fireEvent.change(within(form).getByLabelText('Answer'), { target: { value: '  The rooftop pool is open from 6:45 AM to 9:15 PM. ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Question & answer created successfully')).toBeTruthy();
    expect(await screen.findByText('AI response regenerated successfully')).toBeTruthy();
    expect(bff!.requests.find((request) => request.path === '/api/question')!.body).toEqual({ location_id: harbor.id, question: POOL, answer: 'The rooftop pool is open from 6:45 AM to 9:15 PM.' });
    // The draft is asked for only once the item exists.
    expect(order).toEqual(['question', 'regenerate']);
    const maria = await card('Maria Lopez');
    await waitFor(() => expect(within(maria).getByRole('group', { name: 'Sources of the AI response' }).textContent).toContain(`Q&A: ${POOL}`));
    expect((within(maria).getByLabelText('AI Response') as HTMLTextAreaElement).value).toBe('The rooftop pool is open from 6:45 AM to 9:15 PM.');
    expect(within(maria).queryByRole('button', { name: 'Add as Q&A item' })).toBeNull();
    expect(order).toEqual(['question', 'regenerate']);
  });

  it('regenerates once more when the first new draft was made before the assistant had the item, and no more', async () => {
    let items = [anItem({ message: POOL, draft: deferred() })];
    let regenerations = 0;
    renderInbound(() => items, [
      on('POST', 'question', () => json(created(POOL, 'Open 6:45 AM to 9:15 PM.'), 201)),
      on('POST', 'message/:id/draft/regenerate', () => {
        regenerations += 1;
        const version = regenerations + 1;
        // The first still defers without the new item (its event had not reached the assistant); so does the second.
        items = [{ ...items[0]!, draft: deferred({ version }) }];
        return regenerated(version);
      }),
    ]);
    fireEvent.click(within(await card('Maria Lopez')).getByRole('button', { name: 'Add as Q&A item' }));
    const form = await dialog();
    fireEvent.change(within(form).getByLabelText('Answer'), { target: { value: 'Open 6:45 AM to 9:15 PM.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(regenerations).toBe(2));
    // Still a deferral after the retry: the card offers the item again instead of asking for ever.
    expect(await within(await card('Maria Lopez')).findByRole('button', { name: 'Add as Q&A item' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(regenerations).toBe(2);
    expect(screen.getAllByText('AI response regenerated successfully')).toHaveLength(1);
  });

  it('keeps the team\'s own words: after adding the item it asks them to regenerate instead of replacing their text', async () => {
    renderInbound(() => [anItem({ message: POOL, draft: deferred() })], [on('POST', 'question', () => json(created(POOL, 'Open 6:45 AM to 9:15 PM.'), 201))]);
    const maria = await card('Maria Lopez');
    fireEvent.change(within(maria).getByLabelText('AI Response'), { target: { value: 'Let me check with the pool company.' } });
    fireEvent.click(within(maria).getByRole('button', { name: 'Add as Q&A item' }));
    const form = await dialog();
    fireEvent.change(within(form).getByLabelText('Answer'), { target: { value: 'Open 6:45 AM to 9:15 PM.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await within(maria).findByText('Q&A item added. Regenerate to draft the reply from it.')).toBeTruthy();
    expect(writes()).toEqual(['/api/question']);
    expect((within(maria).getByLabelText('AI Response') as HTMLTextAreaElement).value).toBe('Let me check with the pool company.');
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

  it("offers the current AI draft in the reply box while the tenant's message awaits an answer, and sends it as edited", async () => {
    const session = aSession({ unread_count: 0 });
    const waiting = aMessage({ message: 'Is the gym open on Sunday?', direction: 'inbound', role: 'tenant' });
    const version = (overrides: object) => ({ ...GetMessageDraft.fixture.response.versions[0]!, message_id: waiting.id, ...overrides });
    const drafts = [version({ version: 1, status: 'ready', reply: 'Hello, the gym opens at 8.' }), version({ version: 2, origin: 'regenerate', status: 'ready', reply: 'Hi! The gym is open 8 to 8 on Sundays.' })];
    renderInbox(`/property-manager/inbox/${session.session_id}`, [session], [
      on('GET', 'message-session/:id/messages', () => json(pageOf([waiting, aMessage({ message: 'Earlier reply', direction: 'outbound', role: 'property_manager' })]))),
      on('GET', 'message/:id/draft', (_request, url) => (url.pathname.includes(waiting.id) ? json({ versions: [...drafts].reverse() }) : json({ statusCode: 404, message: 'Message not found' }, 404))),
      on('POST', 'sms/send-response', async (request) => json({ message: 'SMS sent successfully', sent: { ...ListSentSms.fixture.response.items[0]!, message: ((await request.json()) as { response: string }).response } })),
    ]);
    const box = (await screen.findByLabelText('Reply by SMS')) as HTMLTextAreaElement;
    // The newest version, not the first.
    await waitFor(() => expect(box.value).toBe('Hi! The gym is open 8 to 8 on Sundays.'));
    expect(await screen.findByText("The AI's draft of a reply: edit it, or send it as written.")).toBeTruthy();

    fireEvent.change(box, { target: { value: 'Hi! The gym is open 8 to 8 on Sundays. Towels at the desk.' } });
    await waitFor(() => expect(screen.queryByText("The AI's draft of a reply: edit it, or send it as written.")).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('SMS sent successfully')).toBeTruthy();
    const sent = bff!.requests.find((request) => request.path === '/api/sms/send-response')!;
    expect(sent.body).toEqual({ sessionId: session.session_id, response: 'Hi! The gym is open 8 to 8 on Sundays. Towels at the desk.' });
  });

  it('offers nothing once the team has answered, says when the draft is still being written, and Clear keeps the box empty', async () => {
    const answered = aSession({ unread_count: 0 });
    const drafting = aSession({ unread_count: 0, from: { name: 'Lee Park', source: '+15550002222', to: '+14155550123' } });
    const leeMessage = aMessage({ session_id: drafting.session_id, message: 'Can I park a trailer?', direction: 'inbound', role: 'tenant' });
    let leeDraft: MessageDraftView = { ...GetMessageDraft.response.parse(GetMessageDraft.fixture.response).versions[0]!, message_id: leeMessage.id, status: 'pending', reply: null };
    renderInbox(`/property-manager/inbox/${answered.session_id}`, [answered, drafting], [
      on('GET', 'message-session/:id/messages', (_request, url) =>
        json(pageOf(url.pathname.includes(drafting.session_id) ? [leeMessage] : [aMessage({ message: 'Done, thanks', direction: 'outbound', role: 'property_manager' }), aMessage({ message: 'Sink?' })])),
      ),
      on('GET', 'message/:id/draft', () => json({ versions: [leeDraft] })),
    ]);
    const box = (await screen.findByLabelText('Reply by SMS')) as HTMLTextAreaElement;
    expect(await screen.findByText('Done, thanks')).toBeTruthy();
    expect(box.value).toBe('');
    // The newest message is the team's own: its draft is not even asked for.
    expect(bff!.requests.some((request) => request.path.startsWith('/api/message/'))).toBe(false);

    fireEvent.click(within(await screen.findByRole('navigation', { name: 'Conversations' })).getByText('Lee Park'));
    expect(await screen.findByText('The AI is drafting a response…')).toBeTruthy();
    leeDraft = { ...leeDraft, status: 'ready', reply: 'Trailers go in lot C.' };
    await waitFor(() => expect((screen.getByLabelText('Reply by SMS') as HTMLTextAreaElement).value).toBe('Trailers go in lot C.'), { timeout: 6_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    expect((screen.getByLabelText('Reply by SMS') as HTMLTextAreaElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message is required.')).toBeTruthy();
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

  it('marks a message of the thread whose sender was not verified', async () => {
    const session = aSession({ unread_count: 0 });
    renderInbox(`/property-manager/inbox/${session.session_id}`, [session], [
      on('GET', 'message-session/:id/messages', () =>
        json(pageOf([aMessage({ message: 'Cancel the plumber.', sender_verified: false }), aMessage({ message: 'The sink is leaking.' })])),
      ),
    ]);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Cancel the plumber.');
    expect(within(log).getAllByText('Sender not verified')).toHaveLength(1);
    const bubble = (text: string) => within(log).getByText(text).parentElement!;
    expect(within(bubble('Cancel the plumber.')).getByText('Sender not verified')).toBeTruthy();
    expect(within(bubble('The sink is leaking.')).queryByText('Sender not verified')).toBeNull();
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
