import { ListConversations, ListInboxItems, ListSessionMessages, type ConversationView, type InboxItem, type ThreadMessage } from '@pm/contracts';
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
const [groupFixture, vendorFixture] = ListConversations.fixture.response.items as [ConversationView, ConversationView];
const aGroup = (overrides: Partial<ConversationView> = {}): ConversationView => ({ ...groupFixture, id: crypto.randomUUID(), ...overrides });
const aVendor = (overrides: Partial<ConversationView> = {}): ConversationView => ({ ...vendorFixture, id: crypto.randomUUID(), ...overrides });
const aMessage = (overrides: Partial<ThreadMessage> = {}): ThreadMessage => ({ ...ListSessionMessages.fixture.response.items[0]!, id: crypto.randomUUID(), media: [], ...overrides });
const shell = [
  on('GET', 'property-manager/navbar-flags/:id', () => json({ showCommunicationMenuItems: true, showWorkflowsMenuItem: true, showPropertyInvoices: true, showMaintenanceRequestsMenuItem: true })),
  on('GET', 'conversation/inbox/unread-count', () => json({ unreadCount: 0 })),
];

function renderConversations(path: string, conversations: () => ConversationView[], routes: Parameters<typeof renderManagerArea>[1]['routes'] = [], thread: ThreadMessage[] = []) {
  const view = renderManagerArea(path, {
    locations: [harbor],
    routes: [
      ...(routes ?? []),
      on('GET', 'conversation/all', () => json(pageOf(conversations()))),
      on('GET', 'conversation/vendor', () => json(pageOf(conversations().filter((c) => c.kind === 'vendor')))),
      on('GET', 'conversation/:sid', (_request, url) => {
        const found = conversations().find((c) => url.pathname.endsWith(`/${c.id}`));
        return found ? json({ ...found, messages: pageOf(thread) }) : json({ statusCode: 404, message: 'Conversation not found' }, 404);
      }),
      on('POST', 'conversation/:id/mark-read', () => json({ unreadCount: 0 })),
      ...shell,
    ],
  });
  bff = view.bff;
  return view;
}

describe('Conversations (spec 001 §2, §7)', () => {
  it('lists vendor and group conversations; the open one shows who is in it and its thread, and is marked read', async () => {
    const group = aGroup({ unread_count: 1 });
    renderConversations(`/property-manager/conversations/${group.id}`, () => [group, aVendor()], [], [
      aMessage({ direction: 'inbound', role: 'participant', message: 'See you at 9.', sender_name: null }),
      aMessage({ direction: 'outbound', role: 'property_manager', message: 'The roofer arrives at 9 tomorrow.' }),
    ]);
    const list = await screen.findByRole('navigation', { name: 'Conversation list' });
    expect(await within(list).findByText('Roof repair, Building A')).toBeTruthy();
    expect(within(list).getByText('Rapid Rooter Plumbing')).toBeTruthy();
    const pane = screen.getByRole('region', { name: 'Conversation' });
    const participants = await within(pane).findByRole('list', { name: 'Participants' });
    expect(within(participants).getByText('Maria Lopez (+15551234567)')).toBeTruthy();
    expect(within(participants).getByText('+15557654321')).toBeTruthy();
    const log = within(pane).getByRole('log', { name: 'Messages' });
    // Oldest at the top.
    expect(within(log).getAllByText(/roofer arrives|See you at 9/).map((node) => node.textContent)).toEqual(['The roofer arrives at 9 tomorrow.', 'See you at 9.']);
    await waitFor(() => expect(bff!.requests.some((request) => request.method === 'POST' && request.path === `/api/conversation/${group.id}/mark-read`)).toBe(true));
    expect(screen.getByRole('link', { name: 'Conversations' })).toBeTruthy();
  });

  it('sends the message with an Idempotency-Key and toasts "Message sent successfully"; a blank one is refused; a failure says "Failed to send message"', async () => {
    const group = aGroup();
    let fail = false;
    renderConversations(`/property-manager/conversations/${group.id}`, () => [group], [
      on('POST', 'conversation/:id/send', async (request) => {
        if (fail) return json({ statusCode: 500, message: 'boom' }, 500);
        const body = (await request.json()) as { content: string };
        return json({ message: 'Message sent successfully', conversation_message: aMessage({ direction: 'outbound', role: 'property_manager', message: body.content }), recipients: 2 });
      }),
    ]);
    const pane = await screen.findByRole('region', { name: 'Conversation' });
    fireEvent.click(await within(pane).findByRole('button', { name: 'Send' }));
    expect(await within(pane).findByText('Message is required.')).toBeTruthy();
    fireEvent.change(within(pane).getByLabelText('Message'), { target: { value: 'The roofer arrives at 9.' } });
    fireEvent.click(within(pane).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent successfully')).toBeTruthy();
    const sent = bff!.requests.filter((request) => request.path === `/api/conversation/${group.id}/send`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ content: 'The roofer arrives at 9.' });
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    fail = true;
    fireEvent.change(within(pane).getByLabelText('Message'), { target: { value: 'Again' } });
    fireEvent.click(within(pane).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send message')).toBeTruthy();
  });

  it('archives the open conversation, and says "Failed to archive conversation." when it fails', async () => {
    let group = aGroup();
    let fail = true;
    renderConversations(`/property-manager/conversations/${group.id}`, () => [group], [
      on('POST', 'conversation/:sid/archive', () => {
        if (fail) return json({ statusCode: 500, message: 'boom' }, 500);
        group = { ...group, archived: true, status: 'done' };
        return json({ message: 'Conversation archived successfully', conversation: group });
      }),
    ]);
    const pane = await screen.findByRole('region', { name: 'Conversation' });
    fireEvent.click(await within(pane).findByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Failed to archive conversation.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(pane).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Conversation archived successfully')).toBeTruthy();
    expect(await within(pane).findByText('Archived')).toBeTruthy();
  });

  it('says "Failed to fetch conversations" and "Failed to fetch conversation details" when the calls fail', async () => {
    renderManagerArea('/property-manager/conversations/01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01', {
      locations: [harbor],
      routes: [on('GET', 'conversation/all', () => json({ statusCode: 500, message: 'boom' }, 500)), on('GET', 'conversation/:sid', () => json({ statusCode: 500, message: 'boom' }, 500)), ...shell],
    });
    expect(await screen.findByText('Failed to fetch conversations')).toBeTruthy();
    expect(await screen.findByText('Failed to fetch conversation details')).toBeTruthy();
  });
});

describe('Create Conversation (spec 001 §6)', () => {
  it('checks the title and phones before anything is sent, then creates the group from the location number and opens it', async () => {
    const created = aGroup({ friendly_name: 'Boiler service' });
    let conversations: ConversationView[] = [];
    renderConversations('/property-manager/conversations', () => conversations, [
      on('POST', 'group', async () => {
        conversations = [created];
        return json({ message: 'Group conversation created successfully', conversation: created }, 201);
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Create Conversation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Create Conversation')).toBeTruthy();
    expect((within(dialog).getByLabelText('Property Phone') as HTMLInputElement).value).toBe('+14155550123');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'ab' } });
    fireEvent.change(within(dialog).getByLabelText('Property Phone'), { target: { value: ' ' } });
    fireEvent.change(within(dialog).getByLabelText('Participant 1'), { target: { value: '555-888-0101' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Title must be at least 3 characters')).toBeTruthy();
    expect(await within(dialog).findByText('Phone number is required')).toBeTruthy();
    expect(await within(dialog).findByText('Phone number must be in format: +1XXXXXXXXXX')).toBeTruthy();
    expect(bff!.requests.some((request) => request.path === '/api/group')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Property Phone'), { target: { value: '+14155550123' } });

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: ' Boiler service ' } });
    fireEvent.change(within(dialog).getByLabelText('Participant 1'), { target: { value: '+15558880101' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add participant' }));
    fireEvent.change(within(dialog).getByLabelText('Participant 2'), { target: { value: '+15558880102' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Group conversation created successfully')).toBeTruthy();
    const post = bff!.requests.find((request) => request.path === '/api/group')!;
    expect(post.body).toEqual({ friendlyName: 'Boiler service', propertyPhone: '+14155550123', participants: [{ phoneNumber: '+15558880101' }, { phoneNumber: '+15558880102' }] });
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await within(await screen.findByRole('region', { name: 'Conversation' })).findByRole('heading', { name: 'Boiler service' })).toBeTruthy();
  });

  it('says "Failed to create group conversation" with the server\'s reason', async () => {
    renderConversations('/property-manager/conversations', () => [], [on('POST', 'group', () => json({ statusCode: 404, message: 'Phone number not found' }, 404))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Create Conversation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Create Conversation')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Roof repair' } });
    fireEvent.change(within(dialog).getByLabelText('Participant 1'), { target: { value: '+15558880101' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Failed to create group conversation')).toBeTruthy();
    expect(screen.getByText('Phone number not found')).toBeTruthy();
  });
});

describe('Inbound Messages, Vendors (spec 001 §2)', () => {
  it('lists the vendor conversations with their last message, opens and archives them', async () => {
    let vendor = aVendor();
    renderConversations('/property-manager/inbound-messages/vendors', () => [vendor], [
      on('POST', 'conversation/vendor/:sid/archive', () => {
        vendor = { ...vendor, archived: true, status: 'done' };
        return json({ message: 'Conversation archived successfully', conversation: vendor });
      }),
    ]);
    const card = await screen.findByRole('article', { name: 'Vendor conversation with Rapid Rooter Plumbing' });
    expect(within(card).getByText('On my way, there in 20 minutes.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open conversation' }).getAttribute('href')).toBe(`/property-manager/conversations/${vendor.id}`);
    fireEvent.click(within(card).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Conversation archived successfully')).toBeTruthy();
    expect(await within(await screen.findByRole('article', { name: 'Vendor conversation with Rapid Rooter Plumbing' })).findByText('Archived')).toBeTruthy();
    expect(bff!.requests.find((request) => request.path === '/api/conversation/vendor')!.query.get('location_id')).toBe(harbor.id);
  });

  it('says "Failed to fetch vendor conversations." when the list fails', async () => {
    renderManagerArea('/property-manager/inbound-messages/vendors', {
      locations: [harbor],
      routes: [on('GET', 'conversation/vendor', () => json({ statusCode: 500, message: 'boom' }, 500)), ...shell],
    });
    expect(await screen.findByText('Failed to fetch vendor conversations.')).toBeTruthy();
  });

  it("shows a vendor's text on the All tab as a link to its conversation, not a draft card", async () => {
    const item: InboxItem = { ...ListInboxItems.fixture.response.items[0]!, id: crypto.randomUUID(), role: 'vendor', tenant: null, sender_name: 'Rapid Rooter Plumbing', from: '+15558889999', message: 'Fixed, the valve was worn.', draft: null };
    const view = renderManagerArea('/property-manager/inbound-messages', {
      locations: [harbor],
      routes: [on('GET', 'conversation/inbox', () => json(pageOf([item]))), on('GET', 'property-location/:id/units', () => json([])), ...shell],
    });
    bff = view.bff;
    const card = await screen.findByRole('article', { name: 'Vendor message from Rapid Rooter Plumbing' });
    expect(within(card).getByText('Fixed, the valve was worn.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open conversation' }).getAttribute('href')).toBe(`/property-manager/conversations/${item.session_id}`);
    expect(within(card).queryByLabelText('AI Response')).toBeNull();
  });
});
