import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { managerChatQuestionFixture, managerChatReplyFixture, managerChatSessionFixture } from '@pm/contracts';
import { json, on, pageOf } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import { aLocation } from '../../app/test-fixtures.js';
import { chatState } from './chat-state.js';

/*
 * The chat as a manager uses it, against the BFF's answers stubbed at fetch: the widget on a manager page, the
 * message box's rules, the reply with its source chips, the spec's toast when sending fails, and the welcome panel.
 */

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  chatState.reset();
  window.localStorage.clear();
});

const maple = aLocation({ name: 'Maple Court', address_text: '12 Elm St, Boise, ID 83702' });
const reply = { ...managerChatReplyFixture, sources: [{ ...managerChatReplyFixture.sources[0]!, link: `/property-manager/property-locations/${maple.id}/buildings` }] };

async function openWidget() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open AI chat' }));
  return (await screen.findByRole('log', { name: 'General chat messages' })).closest('.ant-drawer') as HTMLElement;
}

/** An event stream the test writes to: each `send` is one SSE message; `end` closes it. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (given) => void (controller = given) });
  let seq = 0;
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (data: unknown) => controller.enqueue(new TextEncoder().encode(`id: ${++seq}\nevent: message\ndata: ${JSON.stringify(data)}\n\n`)),
    end: () => controller.close(),
  };
}

const completed = (messageId: string) => ({
  type: 'completed',
  message_id: messageId,
  session_id: managerChatSessionFixture.id,
  message: reply.content,
  sources: reply.sources,
  outcome: 'answered',
  question: { ...managerChatQuestionFixture, id: messageId },
  reply,
  error: null,
});

it('shows the answer as the model writes it, then the whole answer with the source chip linking to the record, sending the selected location', async () => {
  const stream = eventStream();
  let asked: URLSearchParams | undefined;
  const { bff } = renderManagerArea('/property-manager/dashboard', {
    locations: [maple],
    routes: [
      on('GET', 'simulation/communicate/stream', (_request, url) => {
        asked = url.searchParams;
        return stream.response;
      }),
      on('GET', `simulation/sessions/${managerChatSessionFixture.id}`, () => json({ session: managerChatSessionFixture, messages: [managerChatQuestionFixture, reply] })),
      on('GET', 'simulation/sessions', () => json(pageOf([managerChatSessionFixture]))),
    ],
  });
  restore = bff.restore;
  const dialog = await openWidget();
  const box = within(dialog).getByRole('textbox', { name: 'Message' });
  expect(within(dialog).getByRole('button', { name: /Send/ })).toHaveProperty('disabled', true);
  fireEvent.change(box, { target: { value: 'How many units at Maple Court are vacant?' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  await waitFor(() => expect(asked).toBeDefined());
  expect(Object.fromEntries(asked!)).toEqual({ message: 'How many units at Maple Court are vacant?', chat_type: 'general', location_id: maple.id, message_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

  const log = within(dialog).getByRole('log', { name: 'General chat messages' });
  const base = { message_id: asked!.get('message_id'), session_id: managerChatSessionFixture.id, error: null };
  stream.send({ ...base, type: 'partial', text: 'Maple Court has' });
  await waitFor(() => expect(log.querySelector('[data-streaming="true"]')?.textContent).toContain('Maple Court has'));
  expect(log.getAttribute('aria-busy')).toBe('true');
  stream.send({ ...base, type: 'partial', text: 'Maple Court has 14 units,' });
  await waitFor(() => expect(log.querySelector('[data-streaming="true"]')?.textContent).toContain('Maple Court has 14 units,'));
  expect(within(dialog).getByRole('status', { name: 'The assistant is typing' })).toBeTruthy();

  stream.send(completed(asked!.get('message_id')!));
  stream.end();
  const chip = await within(dialog).findByRole('link', { name: 'Maple Court units' });
  expect(chip.getAttribute('href')).toBe(`/property-manager/property-locations/${maple.id}/buildings`);
  expect(log.textContent).toContain(reply.content);
  expect(log.querySelector('[data-streaming]')).toBeNull();
  expect(log.getAttribute('aria-busy')).toBe('false');
  expect((box as HTMLTextAreaElement).value).toBe('');
});

it("keeps the text and shows the spec's failure with the server's reason, from an error message or a refusal, and 'Connection error' when the stream broke", async () => {
  let answer: () => Response = () => json({ statusCode: 503, message: 'The local AI model is not installed.' }, 503);
  const { bff } = renderManagerArea('/property-manager/dashboard', {
    locations: [maple],
    routes: [on('GET', 'simulation/communicate/stream', () => answer())],
  });
  restore = bff.restore;
  const dialog = await openWidget();
  const box = within(dialog).getByRole('textbox', { name: 'Message' });
  const ask = () => {
    fireEvent.change(box, { target: { value: 'Who are my tenants?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Send/ }));
  };

  ask();
  await screen.findByText('The local AI model is not installed.');
  expect(screen.getAllByText('Failed to generate AI response').length).toBeGreaterThan(0);
  await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Who are my tenants?'));

  answer = () => {
    const stream = eventStream();
    stream.send({ type: 'error', message_id: 'm', session_id: null, error: 'Chat session not found' });
    stream.end();
    return stream.response;
  };
  ask();
  await screen.findByText('Chat session not found');

  // Closed without a last message, and again when resumed: the connection is what failed.
  answer = () => {
    const stream = eventStream();
    stream.end();
    return stream.response;
  };
  ask();
  await screen.findByText('Connection error');
  expect(bff.requests.filter((request) => request.path === '/api/simulation/communicate/stream').length).toBe(4);
});

it('welcomes a manager without a property with the way to add the first one', async () => {
  const { bff } = renderManagerArea('/property-manager/chat-with-ai', { locations: [] });
  restore = bff.restore;
  const button = await screen.findByRole('button', { name: 'Add Your First Property' });
  fireEvent.click(button);
  // The property location create page replaces the chat page.
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Add Your First Property' })).toBeNull());
  expect(screen.queryByRole('heading', { name: 'Chat with AI' })).toBeNull();
});
