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

it('answers in the widget with the source chip linking to the record, sending the selected location', async () => {
  let sent: unknown;
  const { bff } = renderManagerArea('/property-manager/dashboard', {
    locations: [maple],
    routes: [
      on('POST', 'simulation/communicate', async (request) => {
        sent = await request.json();
        return json({ session_id: managerChatSessionFixture.id, message: reply.content, sources: reply.sources, outcome: 'answered', question: managerChatQuestionFixture, reply });
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
  const chip = await within(dialog).findByRole('link', { name: 'Maple Court units' });
  expect(chip.getAttribute('href')).toBe(`/property-manager/property-locations/${maple.id}/buildings`);
  expect(within(dialog).getByRole('log', { name: 'General chat messages' }).textContent).toContain(reply.content);
  expect(sent).toEqual({ message: 'How many units at Maple Court are vacant?', chat_type: 'general', location_id: maple.id });
});

it('keeps the text and shows the spec\'s toast when sending fails', async () => {
  const { bff } = renderManagerArea('/property-manager/dashboard', {
    locations: [maple],
    routes: [on('POST', 'simulation/communicate', () => json({ statusCode: 500, message: 'Something went wrong' }, 500))],
  });
  restore = bff.restore;
  const dialog = await openWidget();
  const box = within(dialog).getByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'Who are my tenants?' } });
  fireEvent.click(within(dialog).getByRole('button', { name: /Send/ }));
  await screen.findByText('Failed to send message. Please try again.');
  await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Who are my tenants?'));
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
