import { EditMessageDraft, ListInboxItems, ListMessageSessions, type InboxItem, type MessageSessionView } from '@pm/contracts';
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
const fixtureItem = ListInboxItems.response.parse(ListInboxItems.fixture.response).items[0]!;
const anItem = (overrides: Partial<InboxItem> = {}): InboxItem => ({ ...fixtureItem, id: crypto.randomUUID(), session_id: crypto.randomUUID(), ...overrides });
const aSession = (overrides: Partial<MessageSessionView> = {}): MessageSessionView => ({ ...ListMessageSessions.fixture.response.items[0]!, session_id: crypto.randomUUID(), ...overrides });
const common = [
  on('GET', 'conversation/inbox/unread-count', () => json({ unreadCount: 0 })),
  on('GET', 'property-manager/navbar-flags/:id', () => json({ showCommunicationMenuItems: true, showWorkflowsMenuItem: true, showPropertyInvoices: true, showMaintenanceRequestsMenuItem: true })),
];
const toast = (text: string) => waitFor(() => expect(document.querySelector('.ant-notification')?.textContent ?? '').toContain(text));

function render(path: string, routes: ReturnType<typeof on>[]) {
  const view = renderManagerArea(path, { locations: [harbor], routes: [...routes, ...common] });
  bff = view.bff;
  return view;
}

describe('a draft card keeps the team’s wording (spec 001 §8: manager response stored)', () => {
  it('saves the edited response as the draft’s newest version, with the server’s words, and says when it cannot', async () => {
    const item = anItem({ draft: { status: 'ready', version: 1, reply: 'We will look at it.', failure: null, sources: [], near_misses: [], outcome: null } });
    let refuse = true;
    render('/property-manager/inbound-messages', [
      on('GET', 'conversation/inbox', () => json(pageOf([item]))),
      on('GET', 'property-location/:id/units', () => json([])),
      on('PUT', 'message/:id/draft', async (request) => {
        if (refuse) return json({ statusCode: 503, message: 'Service Unavailable' }, 503);
        const { response } = (await request.json()) as { response: string };
        return json({ ...EditMessageDraft.fixture.response, draft: { ...EditMessageDraft.fixture.response.draft, reply: response } });
      }),
    ]);
    const card = await screen.findByRole('article', { name: /^SMS from/ });
    const save = () => within(card).getByRole('button', { name: 'Save' });
    // Nothing to keep until the team changes the draft.
    expect(save().hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(card).getByLabelText('AI Response'), { target: { value: 'A plumber comes at 3 pm.' } });
    fireEvent.click(save());
    await toast('Failed to store manager response');

    refuse = false;
    fireEvent.click(save());
    await toast('Manager response stored successfully');
    const puts = bff!.requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => request.path)).toEqual([`/api/message/${item.id}/draft`, `/api/message/${item.id}/draft`]);
    expect(puts[1]!.body).toEqual({ response: 'A plumber comes at 3 pm.' });
  });
});

describe('the inbox’s load errors (spec 001 §8)', () => {
  it('says "Failed to fetch sms sessions." and "Failed to fetch email sessions." when the session list cannot be read', async () => {
    render('/property-manager/inbox', [on('GET', 'message-session/all', () => json({ statusCode: 500, message: 'boom' }, 500))]);
    await toast('Failed to fetch sms sessions.');
    await toast('Failed to fetch email sessions.');
  });

  it('says "Failed to fetch sms thread." or "Failed to fetch email thread." by the session’s channel', async () => {
    const sms = aSession({ type: 'sms', unread_count: 0 });
    const email = aSession({ type: 'email', unread_count: 0, subject: 'Heating' });
    const view = render(`/property-manager/inbox/${sms.session_id}`, [
      on('GET', 'message-session/all', () => json(pageOf([sms, email]))),
      on('GET', 'message-session/:id/messages', () => json({ statusCode: 500, message: 'boom' }, 500)),
    ]);
    await toast('Failed to fetch sms thread.');
    expect(await screen.findByText('Failed to load messages.')).toBeTruthy();
    await view.router.navigate(`/property-manager/inbox/${email.session_id}`);
    await toast('Failed to fetch email thread.');
  });
});
