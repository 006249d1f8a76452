import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, managerUser, on, stubBffRoutes } from '../../../test/pm-bff.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { propertyManagerRoute } from '../../app/pm-shell/routes.js';
import { sessionStarted } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';
import { aLocation, progressWith } from '../../app/test-fixtures.js';

let bff: ReturnType<typeof stubBffRoutes>;
afterEach(() => {
  bff?.restore();
  window.localStorage.clear();
});

const number = '+16195550123';
const phone = '+15551234567';
const mariasPhone = '+16195550101';

function renderPage(sandbox: boolean, extra: Parameters<typeof stubBffRoutes> = []) {
  const location = aLocation();
  const sent: { body: string }[] = [];
  bff = stubBffRoutes(
    on('GET', 'property-location/all', () => json([location])),
    on('GET', 'property-manager/onboarding/:id/progress', () => json(progressWith())),
    ...(sandbox
      ? [
          on('GET', 'sandbox/phone/numbers', () => json({ numbers: [{ property_location_id: location.id, location_name: 'Harbor View Apartments', phone_number: number }] })),
          on('GET', 'sandbox/phone/messages', (_request, url) =>
            json({
              callers: [{ number, tenant_name: url.searchParams.get('phone') === mariasPhone ? 'Maria Gonzalez' : null }],
              messages: sent.map((message, index) => ({ id: String(index), direction: 'sent', number, body: message.body, media: [], at: '2026-11-24T10:15:00.000Z' })),
            }),
          ),
          on('POST', 'sandbox/phone/sms', async (request) => {
            sent.push((await request.json()) as { body: string });
            return json({ message_sid: `SM${'0'.repeat(32)}` }, 201);
          }),
        ]
      : []),
    ...extra,
  );
  const store = createAppStore();
  store.dispatch(sessionStarted({ accessToken: crypto.randomUUID(), expiresIn: 900, user: managerUser() }));
  renderRoutes([{ path: '/', children: [propertyManagerRoute] }], { path: '/property-manager/sandbox-phone', store });
}

describe('the sandbox phone', () => {
  it('is listed in the navigation and texts the chosen number as the typed phone, showing the conversation', async () => {
    renderPage(true);
    expect(await screen.findByRole('link', { name: /Sandbox Phone/ })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Your phone'), { target: { value: phone } });
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'My kitchen sink is leaking' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    expect(await within(conversation).findByText('My kitchen sink is leaking')).toBeTruthy();
    const post = bff.requests.find((request) => request.method === 'POST' && request.path === '/api/sandbox/phone/sms')!;
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says which tenant the typed phone plays at the chosen number, or that it writes as an unknown sender', async () => {
    renderPage(true);
    expect(await screen.findByText("Type a tenant's phone number to text and call as that tenant; any other number writes as an unknown sender.")).toBeTruthy();
    expect(screen.queryByText(/recognised/)).toBeNull();
    fireEvent.change(await screen.findByLabelText('Your phone'), { target: { value: mariasPhone } });
    expect(await screen.findByText('You are texting and calling as Maria Gonzalez, a tenant of this location.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your phone'), { target: { value: phone } });
    expect(await screen.findByText('No tenant of this location has this phone: you write as an unknown sender.')).toBeTruthy();
  });

  it('places a typed call and shows the greeting and the spoken answer', async () => {
    renderPage(true, [
      on('POST', 'sandbox/phone/call', () =>
        json({ call_sid: `CA${'1'.repeat(32)}`, greeting: 'Thank you for calling Harbor View Apartments.', answer: 'Trash is collected every Thursday morning.', ended: false }, 201),
      ),
    ]);
    fireEvent.change(await screen.findByLabelText('Your phone'), { target: { value: phone } });
    fireEvent.change(await screen.findByLabelText('What you say'), { target: { value: 'When is trash collected?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    const transcript = await screen.findByRole('list', { name: 'Call transcript' });
    expect(within(transcript).getByText('Thank you for calling Harbor View Apartments.')).toBeTruthy();
    expect(within(transcript).getByText('When is trash collected?')).toBeTruthy();
    expect(within(transcript).getByText('Trash is collected every Thursday morning.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hang up' })).toBeTruthy();
  });

  it('refuses a phone that is not E.164, and is not listed where the sandbox answers 404', async () => {
    renderPage(false);
    await waitFor(() => expect(bff.requests.some((request) => request.path === '/api/sandbox/phone/numbers')).toBe(true));
    expect(screen.queryByRole('link', { name: /Sandbox Phone/ })).toBeNull();
    expect(await screen.findByText('The sandbox phone is only available in the local profile')).toBeTruthy();
  });
});
