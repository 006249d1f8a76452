import { ListInboxItems, type InboxItem } from '@pm/contracts';
import { screen, within } from '@testing-library/react';
import { json, on, pageOf, type stubBffRoutes } from '../../../../test/pm-bff.js';
import { renderManagerArea } from '../../../../test/render-manager.js';
import { aLocation } from '../../../app/test-fixtures.js';
import { awaitingReplyTexts } from './AwaitingReplyCard.js';

let bff: ReturnType<typeof stubBffRoutes> | undefined;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const harbor = aLocation({ id: 'loc-harbor', name: 'Harbor View', type: 'MULTI_UNIT' });
// Parsed, so the fixture has every field a served item has (those added later default).
const fixtureItem = ListInboxItems.response.parse(ListInboxItems.fixture.response).items[0]!;
const anItem = (overrides: Partial<InboxItem> = {}): InboxItem => ({ ...fixtureItem, id: crypto.randomUUID(), session_id: crypto.randomUUID(), ...overrides });
const leak = anItem({ message: 'Water is leaking from under my kitchen sink and it is all over the floor.', urgent: true, read: false });
const parking = anItem({ tenant: null, sender_name: null, from: '+16195550190', type: 'sms', message: 'Where can my brother park?', read: true });
const longMail = anItem({ tenant: { ...fixtureItem.tenant!, full_name: 'Abigail Moore' }, type: 'email', message: `Hello, ${'the dryer shows an error again '.repeat(10)}`, urgent: false, read: true });

function card() {
  return screen.getByRole('heading', { name: awaitingReplyTexts.title }).closest('.ant-card') as HTMLElement;
}

describe('the dashboard: messages awaiting a reply', () => {
  it("asks for the location's tenants' unanswered messages, and shows their count, the unread count, the open tickets and each message", async () => {
    const view = renderManagerArea('/property-manager/dashboard', {
      locations: [harbor],
      routes: [
        on('GET', 'conversation/inbox', () => json({ ...pageOf([leak, parking, longMail]), total: 7 })),
        on('GET', 'conversation/inbox/unread-count', () => json({ unreadCount: 2 })),
        on('GET', 'ticket/all', () => json({ items: [], next_cursor: null, total: 3 })),
      ],
    });
    bff = view.bff;
    await screen.findByRole('link', { name: 'Maria Lopez' });
    const inbox = bff.requests.find((request) => request.path === '/api/conversation/inbox')!;
    expect(Object.fromEntries(inbox.query)).toMatchObject({ location_id: harbor.id, from: 'tenants', filter: 'in_progress', limit: '5' });
    const tickets = bff.requests.find((request) => request.path === '/api/ticket/all')!;
    expect(Object.fromEntries(tickets.query)).toMatchObject({ location_id: harbor.id, status: 'open' });

    const stats = within(card());
    expect(stats.getByText(awaitingReplyTexts.awaiting).closest('.ant-statistic')!.textContent).toContain('7');
    expect(stats.getByText(awaitingReplyTexts.unread).closest('.ant-statistic')!.textContent).toContain('2');
    expect(stats.getByText(awaitingReplyTexts.openTickets).closest('.ant-statistic')!.textContent).toContain('3');

    const rows = within(card()).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('URGENT')).toBeTruthy();
    expect(within(rows[0]!).getByText(awaitingReplyTexts.newTag)).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Maria Lopez' }).getAttribute('href')).toBe(`/property-manager/inbox/${leak.session_id}`);
    // A stranger is named by the number they wrote from; a long message is cut to one line.
    expect(within(rows[1]!).getByRole('link', { name: '+16195550190' })).toBeTruthy();
    expect(within(rows[1]!).queryByText('URGENT')).toBeNull();
    expect(within(rows[2]!).getByText('Email')).toBeTruthy();
    expect(within(rows[2]!).getByText(/…$/).textContent!.length).toBeLessThanOrEqual(140);
  });

  it('says when every message has been answered, and says which list failed', async () => {
    const view = renderManagerArea('/property-manager/dashboard', {
      locations: [harbor],
      routes: [
        on('GET', 'conversation/inbox', () => json(pageOf([]))),
        on('GET', 'conversation/inbox/unread-count', () => json({ unreadCount: 0 })),
        on('GET', 'ticket/all', () => json({ statusCode: 500, message: 'boom' }, 500)),
      ],
    });
    bff = view.bff;
    expect(await screen.findByText(awaitingReplyTexts.empty)).toBeTruthy();
    expect(await within(card()).findByRole('alert')).toHaveProperty('textContent', awaitingReplyTexts.ticketsFailed);
  });
});
