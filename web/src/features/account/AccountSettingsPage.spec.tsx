import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession, aUser, jsonResponse, stubBff } from '../../../test/bff-stub.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { sessionFromResponse } from '../../app/session-slice.js';
import { createAppStore } from '../../app/store.js';
import { propertyManagerAccountRoutes } from './routes.js';

let bff: ReturnType<typeof stubBff>;
afterEach(() => bff.restore());

const user = aUser({ full_name: 'Ada Owner', phone: '5551234567', email: 'ada@example.com' });

function renderAccount(path: string, routes: Parameters<typeof stubBff>[0] = {}) {
  bff = stubBff({ 'GET user/me': () => jsonResponse(user), ...routes });
  const store = createAppStore();
  store.dispatch(sessionFromResponse(aSession(user)));
  return renderRoutes([{ path: '/property-manager', children: propertyManagerAccountRoutes }], { path, store });
}

// Waits for the field: the page is a lazy route, so it renders after its code has loaded.
const type = async (label: string, value: string) => fireEvent.change(await screen.findByLabelText(label, { selector: 'input' }), { target: { value } });

describe('AccountSettingsPage', () => {
  it('opens Contact details for an unknown tab, with the e-mail read-only', async () => {
    const { router } = renderAccount('/property-manager/account/nonsense');
    expect(await screen.findByRole('tab', { name: 'Contact details', selected: true })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/property-manager/account/contact');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Contact details', 'Profile', 'Password', 'Legal', 'Subscription']);
    const email = screen.getByLabelText<HTMLInputElement>('Email', { selector: 'input' });
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
  });

  it('requires a phone number and toasts "Phone updated successfully"', async () => {
    renderAccount('/property-manager/account/contact', { 'PUT user/phone': (_request, body) => jsonResponse({ ...user, ...(body as object) }) });
    const phone = await screen.findByLabelText<HTMLInputElement>('Phone Number', { selector: 'input' });
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Phone' }));
    expect(await screen.findByText('Phone Number is required')).toBeTruthy();

    fireEvent.change(phone, { target: { value: '(555) 765-4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Phone' }));
    expect(await screen.findByText('Phone updated successfully')).toBeTruthy();
    expect(bff.callsTo('PUT', 'user/phone')[0]!.body).toEqual({ phone: '(555) 765-4321' });
  });

  it('requires a full name, and on failure toasts "Failed to update full name" with the server message under the form', async () => {
    renderAccount('/property-manager/account/profile', {
      'PUT user/full_name': () => jsonResponse({ statusCode: 400, message: 'Full Name is too long' }, 400),
    });
    const name = await screen.findByLabelText<HTMLInputElement>('Full Name', { selector: 'input' });
    expect(name.value).toBe('Ada Owner');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Full Name' }));
    expect(await screen.findByText('Full Name is required')).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Full Name' }));
    expect(await screen.findByText('Failed to update full name')).toBeTruthy();
    expect(await screen.findByText('Full Name is too long')).toBeTruthy();
  });

  it('updates the full name with a success toast and the new name in the session', async () => {
    const { store } = renderAccount('/property-manager/account/profile', {
      'PUT user/full_name': (_request, body) => jsonResponse({ ...user, ...(body as object) }),
    });
    await type('Full Name', 'Ada Lovelace');
    fireEvent.click(await screen.findByRole('button', { name: 'Save Full Name' }));
    expect(await screen.findByText('Full name updated successfully')).toBeTruthy();
    expect(store.getState().session.user?.full_name).toBe('Ada Lovelace');
  });

  it('shows the account password messages of spec section 5 and toasts "Password updated successfully"', async () => {
    renderAccount('/property-manager/account/password', { 'PUT user/password': () => jsonResponse(null, 204) });
    fireEvent.click(await screen.findByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(bff.callsTo('PUT', 'user/password')).toHaveLength(0);

    await type('Current Password', 'the old one');
    await type('New Password', 'long-enough');
    await type('Confirm Password', 'long-enough');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    expect(bff.callsTo('PUT', 'user/password')[0]!.body).toEqual({ current_password: 'the old one', password: 'long-enough', confirm_password: 'long-enough' });
  });

  it('toasts "Failed to update password" when the server refuses', async () => {
    renderAccount('/property-manager/account/password', { 'PUT user/password': () => jsonResponse({ statusCode: 400, message: 'Passwords do not match' }, 400) });
    await type('Current Password', 'the old one');
    await type('New Password', 'long-enough');
    await type('Confirm Password', 'long-enough');
    fireEvent.click(await screen.findByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Failed to update password')).toBeTruthy();
  });

  it('shows the server\'s "Current password is incorrect" under the form when the current password is wrong', async () => {
    renderAccount('/property-manager/account/password', {
      'PUT user/password': () => jsonResponse({ statusCode: 400, message: 'Current password is incorrect' }, 400),
    });
    await type('Current Password', 'a wrong guess');
    await type('New Password', 'long-enough');
    await type('Confirm Password', 'long-enough');
    fireEvent.click(await screen.findByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Failed to update password')).toBeTruthy();
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(bff.callsTo('PUT', 'user/password')[0]!.body).toMatchObject({ current_password: 'a wrong guess' });
  });

  it('opens the Terms and Conditions and the Privacy Policy in dialogs', async () => {
    renderAccount('/property-manager/account/legal');
    fireEvent.click(await screen.findByRole('button', { name: 'Privacy Policy' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('We care about your privacy')).toBeTruthy();
    expect(within(dialog).getByText(/Last updated Aug 17 2024/)).toBeTruthy();
  });

  it('switches tabs by route', async () => {
    const { router } = renderAccount('/property-manager/account/contact');
    fireEvent.click(await screen.findByRole('tab', { name: 'Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/property-manager/account/password'));
  });
});
