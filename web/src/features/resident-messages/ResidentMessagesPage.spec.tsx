import { ListResidentSessionMessages, ListResidentSmsSessions, type MessageSessionView, type ThreadMessage } from '@pm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, managerUser, on, pageOf, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { appRoutes } from '../../app/router.js';
import { sessionStarted } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => bff?.restore());

const sessionBase = ListResidentSmsSessions.fixture.response.items[0]!;
const messageBase = ListResidentSessionMessages.fixture.response.items[0]!;
const aSession = (overrides: Partial<MessageSessionView>): MessageSessionView => ({ ...sessionBase, session_id: crypto.randomUUID(), ...overrides });
const aMessage = (overrides: Partial<ThreadMessage>): ThreadMessage => ({ ...messageBase, id: crypto.randomUUID(), ...overrides });

function renderPage(routes: Parameters<typeof stubBffRoutes>) {
  bff = stubBffRoutes(...routes);
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), user: managerUser({ account_type: 'resident', full_name: 'Jasmine Howard' }) }));
  return renderRoutes(appRoutes, { path: '/resident/communication', store });
}

describe('ResidentMessagesPage (/resident/communication)', () => {
  it('merges SMS and e-mail sessions newest updated first, opens the first, and sends a message', async () => {
    const older = aSession({ type: 'sms', updated_at: '2026-11-20T10:00:00.000Z', last_message: { ...sessionBase.last_message!, message: 'Older text' } });
    const newer = aSession({ type: 'email', subject: 'Parking permit', updated_at: '2026-11-23T10:00:00.000Z' });
    renderPage([
      on('GET', 'sms-session/all/resident', () => json(pageOf([older]))),
      on('GET', 'email-session/all/resident', () => json(pageOf([newer]))),
      on('GET', 'resident/message-session/:id/messages', (_request, url) =>
        json(pageOf(url.pathname.includes(newer.session_id) ? [aMessage({ message: 'About my parking permit' })] : [aMessage({ message: 'Is the pool open?' })])),
      ),
      on('POST', 'resident/message-session/:id/messages', async (request) => json(aMessage({ message: ((await request.json()) as { message: string }).message }), 201)),
    ]);
    const conversations = await screen.findByRole('navigation', { name: 'Conversations' });
    const entries = within(conversations).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent)).toEqual([expect.stringContaining('Parking permit'), expect.stringContaining('Older text')]);
    expect(await screen.findByText('About my parking permit')).toBeTruthy();

    fireEvent.click(entries[1]!);
    expect(await screen.findByText('Is the pool open?')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message is required.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Thanks!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent successfully')).toBeTruthy();
    await waitFor(() =>
      expect(bff.requests.find((request) => request.method === 'POST')).toMatchObject({ path: `/api/resident/message-session/${older.session_id}/messages`, body: { message: 'Thanks!' } }),
    );
  });

  it("signs the property's replies with the property's name (never 'Unknown sender') and keeps a long preview inside its entry", async () => {
    const longText = `The water heater in the basement has been making a loud banging noise ${'again and again '.repeat(20)}`;
    const session = aSession({ type: 'sms', last_message: { ...sessionBase.last_message!, message: longText } });
    renderPage([
      on('GET', 'sms-session/all/resident', () => json(pageOf([session]))),
      on('GET', 'email-session/all/resident', () => json(pageOf([]))),
      on('GET', 'resident/message-session/:id/messages', () =>
        json(
          pageOf([
            aMessage({ direction: 'outbound', role: 'property_manager', sender_name: null, message: 'A reply stored before names were given' }),
            aMessage({ direction: 'outbound', role: 'property_manager', sender_name: 'Harbor View Apartments', message: 'A plumber comes at 10.' }),
            aMessage({ direction: 'inbound', role: 'tenant', sender_name: 'Jasmine Howard', message: longText }),
          ]),
        ),
      ),
    ]);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Harbor View Apartments')).toBeTruthy();
    expect(within(log).getByText('Your property')).toBeTruthy();
    expect(within(log).queryByText('Unknown sender')).toBeNull();

    // The entry may shrink below its text (min-width 0) and clips it, so the one-line preview ends in an ellipsis.
    const entry = within(screen.getByRole('navigation', { name: 'Conversations' })).getByRole('button');
    const box = entry.firstElementChild as HTMLElement;
    expect(box.textContent).toContain('The water heater');
    expect(parseFloat(box.style.minWidth)).toBe(0);
    expect(box.style.overflow).toBe('hidden');
    expect(parseFloat(entry.style.minWidth)).toBe(0);
  });

  it("offers the resident's own dashboard as the Property Overview, not the manager's first-property set-up", async () => {
    renderPage([on('GET', 'sms-session/all/resident', () => json(pageOf([]))), on('GET', 'email-session/all/resident', () => json(pageOf([])))]);
    const overview = await screen.findByRole('link', { name: 'Property Overview' });
    expect(overview.getAttribute('href')).toBe('/resident/dashboard');
  });

  it('says so when the resident has no conversations yet', async () => {
    renderPage([on('GET', 'sms-session/all/resident', () => json(pageOf([]))), on('GET', 'email-session/all/resident', () => json(pageOf([])))]);
    expect(await screen.findByText(/No conversations yet/)).toBeTruthy();
  });
});
