import { fireEvent, screen } from '@testing-library/react';
import { TENANT_WELCOME_NOT_FOUND } from '@pm/contracts';
import { jsonResponse, stubBff } from '../../../test/bff-stub.js';
import { renderRoutes } from '../../../test/render-routes.js';
import { appRoutes } from '../../app/router.js';

let bff: ReturnType<typeof stubBff>;
afterEach(() => bff?.restore());

const token = 'q3Jx0c9mB1Qx2oVn8yT4aL5kP7wR6sE0dF2gH4jK6lM';
const welcome = {
  first_name: 'Jordan',
  property_name: 'Elm Street Apartments',
  property_address: '12 Elm Street, Springfield, IL 62701',
  property_phone: '+12175550123',
  property_email: '12.elm.street@mail.pm.local',
};

describe('TenantWelcomePage (/welcome/:token)', () => {
  it('shows a signed-out tenant their property and how to reach it, and offers an optional resident sign-up prefilled from the link', async () => {
    bff = stubBff({ [`GET tenant-welcome/${token}`]: jsonResponse(welcome) });
    const { router } = renderRoutes(appRoutes, { path: `/welcome/${token}?email=${encodeURIComponent('jordan@example.com')}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan' })).toBeTruthy();
    expect(screen.getByText('Elm Street Apartments')).toBeTruthy();
    expect(screen.getByText('12 Elm Street, Springfield, IL 62701')).toBeTruthy();
    expect(screen.getByRole('link', { name: '(217) 555-0123' }).getAttribute('href')).toBe('tel:+12175550123');
    expect(screen.getByRole('link', { name: 'Text the property' }).getAttribute('href')).toBe('sms:+12175550123');
    expect(screen.getByRole('link', { name: 'Call the property' }).getAttribute('href')).toBe('tel:+12175550123');
    expect(screen.getByRole('link', { name: 'E-mail the property' }).getAttribute('href')).toBe('mailto:12.elm.street@mail.pm.local');
    expect(screen.getByText('You do not need an account')).toBeTruthy();
    // The guard let a visitor without a session stay (a public path), and the page asked without a token.
    expect(router.state.location.pathname).toBe(`/welcome/${token}`);
    expect(bff.callsTo('GET', `tenant-welcome/${token}`)).toHaveLength(1);
    expect(bff.callsTo('GET', `tenant-welcome/${token}`)[0]!.authorization).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Create a resident account' }));
    expect(await screen.findByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup');
    expect(new URLSearchParams(router.state.location.search).get('account_type')).toBe('resident');
    expect((screen.getByLabelText('Email', { selector: 'input' }) as HTMLInputElement).value).toBe('jordan@example.com');
  });

  it('leaves out the ways of contact the property does not have yet', async () => {
    bff = stubBff({ [`GET tenant-welcome/${token}`]: jsonResponse({ ...welcome, property_phone: null, property_email: null }) });
    renderRoutes(appRoutes, { path: `/welcome/${token}` });
    expect(await screen.findByText('Elm Street Apartments')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Call the property' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'E-mail the property' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create a resident account' }).getAttribute('href')).toBe('/signup?account_type=resident');
  });

  it("shows the server's message for an unknown or expired link", async () => {
    bff = stubBff({ [`GET tenant-welcome/${token}`]: jsonResponse({ statusCode: 404, message: TENANT_WELCOME_NOT_FOUND, code: 'not_found' }, 404) });
    renderRoutes(appRoutes, { path: `/welcome/${token}` });
    expect(await screen.findByText(TENANT_WELCOME_NOT_FOUND)).toBeTruthy();
    expect(screen.getByText('Ask your property manager to send you a new invitation.')).toBeTruthy();
  });
});
