import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CHAT_LIMIT_MESSAGE, type ChatMessage } from '@pm/contracts';
import { aSession, aUser, jsonResponse, stubBff } from '../../../test/bff-stub.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { appRoutes } from '../../app/router.js';
import { sessionFromResponse } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';
import { aSuggestion } from '../../app/test-fixtures.js';
import { TopicRotator } from './TopicRotator.js';
import { personalInformationWarning, rotatingTopics } from './chat-texts.js';

let bff: ReturnType<typeof stubBff>;
afterEach(() => {
  bff?.restore();
  jest.useRealTimers();
});

const home = { id: 'loc-1', street: '1460 harbor view dr', city: 'san diego', state: 'CA', county: null, zipcode: '92101', country: 'US' };
const chatToken = (userId: string) => ({ tokenOrProvider: 'session', channel: `user-channel_${userId}`, user_id: userId, stream_path: 'chat/stream' });

function aMessage(overrides: Partial<ChatMessage>): ChatMessage {
  return {
    id: crypto.randomUUID(),
    channel: 'user-channel_u1',
    user_id: 'u1',
    role: 'user',
    text: 'Hello',
    created_at: new Date().toISOString(),
    reply_to: null,
    rating: null,
    own_reactions: [],
    sources: [],
    outcome: null,
    ...overrides,
  };
}

function signedIn(user = aUser({ account_type: 'resident' })) {
  const store = createAppStore();
  store.dispatch(sessionFromResponse(aSession(user)));
  return { store, user };
}

const page = (items: ChatMessage[]) => jsonResponse({ items, next_cursor: null, total: items.length });
const starterQuestions = ['How often is trash collected here?', 'When must my landlord return my security deposit?', 'What address do you have for my home?'];

describe('ChatPage (/chat, Terri)', () => {
  it('sends a signed-out visitor who did not come through a chat entry to login', async () => {
    bff = stubBff({});
    const { router } = renderRoutes(appRoutes, { path: '/chat' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lets a visitor of the unauthenticated experience pick an address, starts an anonymous session for them and opens the chat', async () => {
    const visitor = aUser({ is_anonymous: true, email: null, account_type: null });
    const picked = aSuggestion({ label: '1460 Harbor View Dr, San Diego, CA 92101', street: '1460 Harbor View Dr', city: 'San Diego', state: 'CA', zipcode: '92101' });
    let homeSet = false;
    bff = stubBff({
      'GET address/suggestions': jsonResponse({ suggestions: [picked] }),
      'POST auth/anonymous': jsonResponse(aSession(visitor)),
      'POST user-property/byaddress': () => {
        homeSet = true;
        return jsonResponse(home);
      },
      'GET user-property': () => (homeSet ? jsonResponse(home) : jsonResponse({ statusCode: 404, message: 'Property not found' }, 404)),
      'GET auth/chat-token': jsonResponse(chatToken(visitor.id)),
      'GET chat/messages': page([]),
      'GET chat/usage': jsonResponse({ user_messages: 0, limit: 5, limited: false }),
      'GET chat/starter-questions': () => jsonResponse({ questions: homeSet ? starterQuestions : [] }),
      'POST chat/messages': (_request, body) => jsonResponse(aMessage({ user_id: visitor.id, text: (body as { text: string }).text }), 201),
    });
    renderRoutes(appRoutes, { path: '/chat?experience=visitor' });

    const input = await screen.findByLabelText('Home address');
    fireEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    expect(await screen.findByText('Pick your address from the suggestions.')).toBeTruthy();
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '1460 Harbor' } });
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option');
      if (!found) throw new Error('no suggestion yet');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Start chatting' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with Terri' })).toBeTruthy();
    expect(screen.getByText('Your address: 1460 Harbor View Dr, San Diego, CA 92101')).toBeTruthy();
    expect(bff.callsTo('POST', 'auth/anonymous')).toHaveLength(1);
    expect(bff.callsTo('POST', 'user-property/byaddress')[0]!.body).toEqual({ street: '1460 Harbor View Dr', city: 'San Diego', state: 'CA', zip: '92101' });
    expect(bff.callsTo('POST', 'user-property/byaddress')[0]!.authorization).toMatch(/^Bearer token-/);
    expect(screen.getByText(personalInformationWarning)).toBeTruthy();

    // Spec 000 §9: the starter questions (those Terri can answer for this home, from the server); one sends itself.
    // They show once the (empty) history is in, which a loaded machine may take a moment to answer.
    for (const question of starterQuestions) expect(await screen.findByRole('button', { name: question })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: starterQuestions[0] }));
    await waitFor(() => expect(bff.callsTo('POST', 'chat/messages')).toHaveLength(1));
    expect(bff.callsTo('POST', 'chat/messages')[0]!.body).toEqual({ text: starterQuestions[0] });
    expect(await screen.findByText('Terri is answering…')).toBeTruthy();
  });

  it('limits an anonymous visitor: input disabled, the spec text and a create-account prompt', async () => {
    const visitor = aUser({ is_anonymous: true, email: null, account_type: null });
    const { store } = signedIn(visitor);
    bff = stubBff({
      'GET auth/chat-token': jsonResponse(chatToken(visitor.id)),
      'GET user-property': jsonResponse(home),
      'GET chat/messages': page([aMessage({ user_id: visitor.id, text: 'Question 5' })]),
      'GET chat/usage': jsonResponse({ user_messages: 5, limit: 5, limited: true }),
    });
    renderRoutes(appRoutes, { path: '/chat', store });
    expect(await screen.findByText(CHAT_LIMIT_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
    expect((screen.getByLabelText('Message to Terri') as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Send/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("rates only Terri's messages, disables the current rating's button and reverts silently when the call fails", async () => {
    const { store, user } = signedIn();
    const question = aMessage({ user_id: user.id, text: 'When is trash collected?', created_at: '2026-11-24T10:00:00.000Z' });
    const reply = aMessage({
      user_id: user.id,
      role: 'admin',
      text: 'Every Thursday.',
      reply_to: question.id,
      created_at: '2026-11-24T10:00:05.000Z',
      outcome: 'answered',
      sources: [{ id: 'knowledge:question:q1', kind: 'knowledge', title: 'When is trash collected?' }],
    });
    let fail = false;
    bff = stubBff({
      'GET auth/chat-token': jsonResponse(chatToken(user.id)),
      'GET user-property': jsonResponse(home),
      'GET chat/messages': page([reply, question]),
      [`PUT chat/messages/${reply.id}/reaction`]: (_request, body) =>
        fail ? jsonResponse({ statusCode: 500, message: 'Internal error' }, 500) : jsonResponse({ ...reply, rating: (body as { rating: 'positive' }).rating, own_reactions: [{ type: 'rate', rating: 'positive' }] }),
    });
    renderRoutes(appRoutes, { path: '/chat', store });
    const log = await screen.findByRole('log', { name: 'Conversation with Terri' });
    await within(log).findByText('Every Thursday.');
    // Only the assistant's message has rating buttons, and its source chip.
    expect(within(log).getAllByRole('button', { name: 'Helpful' })).toHaveLength(1);
    expect(within(log).getByText('When is trash collected?', { selector: '.ant-tag' })).toBeTruthy();
    // A registered user is never limited: the usage is not even asked.
    expect(bff.callsTo('GET', 'chat/usage')).toHaveLength(0);

    fireEvent.click(within(log).getByRole('button', { name: 'Helpful' }));
    await waitFor(() => expect((within(log).getByRole('button', { name: 'Helpful' }) as HTMLButtonElement).disabled).toBe(true));
    expect(bff.callsTo('PUT', `chat/messages/${reply.id}/reaction`)[0]!.body).toEqual({ type: 'rate', rating: 'positive', user_id: user.id });

    fail = true;
    fireEvent.click(within(log).getByRole('button', { name: 'Not helpful' }));
    await waitFor(() => expect(bff.callsTo('PUT', `chat/messages/${reply.id}/reaction`)).toHaveLength(2));
    await waitFor(() => expect((within(log).getByRole('button', { name: 'Not helpful' }) as HTMLButtonElement).disabled).toBe(false));
    expect((within(log).getByRole('button', { name: 'Helpful' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a question handed over in the navigation state once the chat is ready, then clears it', async () => {
    const { store, user } = signedIn();
    bff = stubBff({
      'GET auth/chat-token': jsonResponse(chatToken(user.id)),
      'GET user-property': jsonResponse(home),
      'GET chat/messages': page([]),
      'POST chat/messages': (_request, body) => jsonResponse(aMessage({ user_id: user.id, text: (body as { text: string }).text }), 201),
    });
    const { router } = renderRoutes(appRoutes, { path: '/', store });
    await act(() => router.navigate('/chat', { state: { question: 'What are the quiet hours?' } }));
    await waitFor(() => expect(bff.callsTo('POST', 'chat/messages')).toHaveLength(1));
    expect(bff.callsTo('POST', 'chat/messages')[0]!.body).toEqual({ text: 'What are the quiet hours?' });
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await screen.findByText('What are the quiet hours?', { selector: '[role=log] *' });
    expect(bff.callsTo('POST', 'chat/messages')).toHaveLength(1);
  });

  it("shows Terri's reply while it is written, then the stored reply with its sources (an area fact's page opens) and the rating", async () => {
    const { store, user } = signedIn();
    const question = aMessage({ user_id: user.id, text: 'How often is trash collected here?', created_at: '2026-11-24T10:00:00.000Z' });
    const replyId = crypto.randomUUID();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let seq = 0;
    const send = (data: object) => controller.enqueue(new TextEncoder().encode(`id: ${++seq}\nevent: message\ndata: ${JSON.stringify(data)}\n\n`));
    const reply = aMessage({
      id: replyId,
      user_id: user.id,
      role: 'admin',
      text: 'Trash is collected every other week.',
      reply_to: question.id,
      created_at: '2026-11-24T10:00:09.000Z',
      outcome: 'answered',
      sources: [{ id: 'area:portland-or:trash-recycling-collection', kind: 'area', title: 'Trash, recycling and compost collection in Portland', link: 'https://www.portland.gov/bps/garbage-recycling' }],
    });
    bff = stubBff({
      'GET auth/chat-token': jsonResponse(chatToken(user.id)),
      'GET user-property': jsonResponse(home),
      'GET chat/messages': page([question]),
      'GET chat/starter-questions': jsonResponse({ questions: [] }),
      'GET chat/stream': () => new Response(new ReadableStream<Uint8Array>({ start: (given) => void (controller = given) }), { headers: { 'content-type': 'text/event-stream' } }),
    });
    renderRoutes(appRoutes, { path: '/chat', store });
    const log = await screen.findByRole('log', { name: 'Conversation with Terri' });
    await within(log).findByText('How often is trash collected here?');
    await waitFor(() => expect(controller).toBeDefined());

    send({ ...reply, text: 'Trash is collected', sources: [], outcome: null, partial: true });
    await within(log).findByText('Trash is collected');
    expect(log.querySelector('[data-streaming="true"]')).not.toBeNull();
    expect(log.getAttribute('aria-busy')).toBe('true');
    expect(within(log).queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(screen.getByText('Terri is answering…')).toBeTruthy();

    send({ ...reply, partial: false });
    await within(log).findByText('Trash is collected every other week.');
    expect(log.querySelector('[data-streaming]')).toBeNull();
    expect(within(log).getByRole('link', { name: 'Trash, recycling and compost collection in Portland' }).getAttribute('href')).toBe('https://www.portland.gov/bps/garbage-recycling');
    expect(within(log).getAllByRole('button', { name: 'Helpful' })).toHaveLength(1);
    expect(screen.queryByText('Terri is answering…')).toBeNull();
    // A late word of the reply changes nothing.
    send({ ...reply, text: 'Trash is', sources: [], outcome: null, partial: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(log).getByText('Trash is collected every other week.')).toBeTruthy();
  });

  it('names a new topic every 5 seconds', () => {
    jest.useFakeTimers();
    render(<TopicRotator />);
    expect(screen.getByTestId('chat-topic').textContent).toBe(rotatingTopics[0]);
    act(() => jest.advanceTimersByTime(4_999));
    expect(screen.getByTestId('chat-topic').textContent).toBe(rotatingTopics[0]);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('chat-topic').textContent).toBe(rotatingTopics[1]);
  });
});
