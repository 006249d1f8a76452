import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Partner, TicketView } from '@pm/contracts';
import { json, on, pageOf, type BffRoute } from '../../../test/pm-bff.js';
import { renderManagerArea } from '../../../test/render-manager.js';
import type { AccessRole } from '../../app/property-location.js';
import { aLocation } from '../../app/test-fixtures.js';

function aTicket(overrides: Partial<TicketView> = {}): TicketView {
  return {
    id: crypto.randomUUID(),
    message: 'My kitchen sink is leaking, water everywhere',
    intent: 'emergency',
    urgent: true,
    email_id: null,
    sms_id: crypto.randomUUID(),
    session_id: crypto.randomUUID(),
    sender_name: 'Maria Lopez',
    unit: null,
    tenant: { id: crypto.randomUUID(), full_name: 'Maria Lopez', unit_id: null, building_id: null },
    assigned_to: null,
    resolved: false,
    resolved_at: null,
    created_at: '2026-11-24T10:15:08.000Z',
    ...overrides,
  };
}

const manager: Partner = {
  id: 'partner-1',
  manager: { id: 'partner-1', limitedUser: { full_name: 'Jordan Lee', email: 'jordan@example.test', phone: null } },
  role: 'MANAGER',
  is_emergency_contact: false,
  locations: [],
  user_id: 'usr_jordan',
  invited_at: null,
};
const vendor: Partner = { ...manager, id: 'partner-2', manager: { id: 'partner-2', limitedUser: { full_name: 'Sam Plumber', email: 'sam@example.test', phone: null } }, role: 'VENDOR', user_id: 'usr_sam' };

function renderBoard(role: AccessRole, tickets: { open: TicketView[]; resolved: TicketView[] }, routes: BffRoute[] = []) {
  const location = aLocation({ access_role: role });
  const view = renderManagerArea('/property-manager/tickets', {
    locations: [location],
    routes: [
      ...routes,
      on('GET', 'ticket/all', (_request, url) => json(pageOf(url.searchParams.get('status') === 'resolved' ? tickets.resolved : tickets.open))),
      on('GET', 'property-manager/all', () => json([manager, vendor])),
    ],
  });
  return { ...view, location };
}

const column = (name: 'Open' | 'Resolved') => screen.getByRole('region', { name });
const posts = (bff: { requests: { method: string; path: string; body: unknown }[] }) => bff.requests.filter((r) => r.method === 'POST');

function drag(card: HTMLElement, target: HTMLElement) {
  const data = new Map<string, string>();
  const dataTransfer = {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    get types() {
      return [...data.keys()];
    },
    effectAllowed: 'all',
    dropEffect: 'move',
  };
  fireEvent.dragStart(card, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const found = await waitFor(() => {
    const match = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((item) => item.textContent === option);
    if (!match) throw new Error(`no option ${option}`);
    return match;
  });
  fireEvent.click(found);
}

describe('the Tickets board', () => {
  it('is in the manager navigation and shows the open and resolved columns of the selected location', async () => {
    const open = aTicket();
    const done = aTicket({ message: 'The fan is fixed', intent: 'maintenance_request', urgent: false, resolved: true, resolved_at: '2026-11-24T12:00:00.000Z' });
    const { bff, location } = renderBoard('OWNER', { open: [open], resolved: [done] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tickets' }).getAttribute('href')).toBe('/property-manager/tickets');
    expect(await within(column('Open')).findByText('My kitchen sink is leaking, water everywhere')).toBeTruthy();
    expect(within(column('Open')).getByText('URGENT')).toBeTruthy();
    expect(within(column('Open')).getByText('Emergency')).toBeTruthy();
    expect(await within(column('Resolved')).findByText('The fan is fixed')).toBeTruthy();
    expect(within(column('Resolved')).queryByRole('button', { name: /Resolve/ })).toBeNull();
    const asked = bff.requests.filter((r) => r.path === '/api/ticket/all');
    expect(asked.map((r) => [r.query.get('location_id'), r.query.get('status')]).sort()).toEqual([
      [location.id, 'open'],
      [location.id, 'resolved'],
    ]);
  });

  it('resolves with the Resolve button, with the spec\'s toast', async () => {
    const ticket = aTicket();
    const { bff } = renderBoard('MANAGER', { open: [ticket], resolved: [] }, [on('POST', 'ticket/:id/resolve', () => json({ message: 'Ticket resolved successfully', ticket: { ...ticket, resolved: true } }))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve the ticket from Maria Lopez' }));
    expect(await screen.findByText('Ticket resolved successfully')).toBeTruthy();
    expect(posts(bff).map((r) => r.path)).toEqual([`/api/ticket/${ticket.id}/resolve`]);
  });

  it('says so when resolving fails', async () => {
    renderBoard('OWNER', { open: [aTicket()], resolved: [] }, [on('POST', 'ticket/:id/resolve', () => json({ statusCode: 500, message: 'Internal server error' }, 500))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve the ticket from Maria Lopez' }));
    expect(await screen.findByText('Failed to resolve ticket')).toBeTruthy();
  });

  it('resolves a card dragged from Open to Resolved; dragging back or within a column does nothing', async () => {
    const open = aTicket();
    const done = aTicket({ message: 'The fan is fixed', sender_name: 'Ann Lee', tenant: null, resolved: true, resolved_at: '2026-11-24T12:00:00.000Z' });
    const { bff } = renderBoard('OWNER', { open: [open], resolved: [done] }, [on('POST', 'ticket/:id/resolve', () => json({ message: 'Ticket resolved successfully', ticket: { ...open, resolved: true } }))]);
    const openCard = await screen.findByRole('listitem', { name: 'Ticket from Maria Lopez' });
    const doneCard = await screen.findByRole('listitem', { name: 'Ticket from Ann Lee' });
    expect(doneCard.getAttribute('draggable')).toBe('false');
    drag(doneCard, column('Open'));
    drag(openCard, column('Open'));
    expect(posts(bff)).toEqual([]);
    drag(openCard, column('Resolved'));
    expect(await screen.findByText('Ticket resolved successfully')).toBeTruthy();
    expect(posts(bff).map((r) => r.path)).toEqual([`/api/ticket/${open.id}/resolve`]);
  });

  it('assigns to a manager of the location (not a vendor) or the owner, and unassigns', async () => {
    const ticket = aTicket();
    const { bff, user } = renderBoard('OWNER', { open: [ticket], resolved: [] }, [on('POST', 'ticket/:id/assign', () => json({ message: 'Ticket assigned successfully', ticket }))]);
    await screen.findByRole('combobox', { name: 'Assign the ticket from Maria Lopez' });
    await chooseOption('Assign the ticket from Maria Lopez', 'Jordan Lee');
    expect(await screen.findByText('Ticket assigned successfully')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Assign the ticket from Maria Lopez' }));
    const options = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).map((item) => item.textContent);
    expect(options).toEqual(['Unassigned', `${user.full_name} (you)`, 'Jordan Lee']);
    expect(posts(bff).map((r) => r.body)).toEqual([{ managerId: 'usr_jordan' }]);
  });

  it('unassigns with Unassigned, and says so when assigning fails', async () => {
    const ticket = aTicket({ assigned_to: { id: 'usr_jordan', manager: { limitedUser: { full_name: 'Jordan Lee', email: 'jordan@example.test' } } } });
    const { bff } = renderBoard('OWNER', { open: [ticket], resolved: [] }, [on('POST', 'ticket/:id/assign', () => json({ statusCode: 400, message: 'The assignee must be a manager of this property location' }, 400))]);
    await screen.findByRole('combobox', { name: 'Assign the ticket from Maria Lopez' });
    await chooseOption('Assign the ticket from Maria Lopez', 'Unassigned');
    expect(await screen.findByText('Failed to assign ticket')).toBeTruthy();
    expect(posts(bff).map((r) => r.body)).toEqual([{ managerId: null }]);
  });

  it('shows a viewer the board without actions, and cards that cannot be dragged', async () => {
    const ticket = aTicket({ assigned_to: { id: 'usr_jordan', manager: { limitedUser: { full_name: 'Jordan Lee', email: 'jordan@example.test' } } } });
    renderBoard('VIEWER', { open: [ticket], resolved: [] });
    const card = await screen.findByRole('listitem', { name: 'Ticket from Maria Lopez' });
    expect(card.getAttribute('draggable')).toBe('false');
    expect(within(card).getByText('Assigned to Jordan Lee')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Resolve/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Assign/ })).toBeNull();
  });

  it('says "Failed to fetch tickets." when the board cannot load', async () => {
    renderBoard('OWNER', { open: [], resolved: [] }, [on('GET', 'ticket/all', () => json({ statusCode: 500, message: 'Internal server error' }, 500))]);
    expect(await screen.findByText('Failed to fetch tickets.')).toBeTruthy();
  });
});
