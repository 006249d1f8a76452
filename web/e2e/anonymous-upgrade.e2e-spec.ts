import { logIn, signUp, verifyFromEmail } from './support/steps.js';
import { uniqueEmail, useBrowser } from './support/journey.js';

const browser = useBrowser();

describe('anonymous visitor upgraded by sign-up (issue 3 journey)', () => {
  it('keeps what the anonymous visitor created once they sign up in the same browser', async () => {
    const { page } = await browser.open();
    await page.goto('/');

    // An anonymous visitor's data: the Terri chat that creates it arrives with the assistant issue, so the visitor's
    // browser makes the same calls it will make (an anonymous session, then a property by address).
    const anonymous = await page.evaluate(async () => {
      const session = await fetch('/api/auth/anonymous', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const { access_token, user } = (await session.json()) as { access_token: string; user: { id: string; is_anonymous: boolean } };
      const created = await fetch('/api/property-location', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
        body: JSON.stringify({ name: 'Visitor Home', address_text: '350 Fifth Avenue, New York, NY 10118', type: 'CONDO', is_rental_property: false, metadata: {} }),
      });
      return { user, status: created.status };
    });
    expect(anonymous.user.is_anonymous).toBe(true);
    expect(anonymous.status).toBe(201);

    const email = uniqueEmail('anon-upgrade');
    const password = 'visitor-Passw0rd';
    await signUp(page, { name: 'Vera Visitor', email, password });
    await verifyFromEmail(page, email);
    await logIn(page, email, password);
    await page.waitForURL(/\/(onboarding|property-manager)/);

    const me = await page.evaluate(async () => {
      const refreshed = await fetch('/api/auth/refresh', { method: 'POST' });
      const { access_token, user } = (await refreshed.json()) as { access_token: string; user: { id: string; is_anonymous: boolean } };
      const list = await fetch('/api/property-location/all', { headers: { authorization: `Bearer ${access_token}` } });
      return { user, locations: (await list.json()) as { name: string }[] };
    });
    expect(me.user).toMatchObject({ id: anonymous.user.id, is_anonymous: false });
    expect(me.locations.map((l) => l.name)).toEqual(['Visitor Home']);

    await page.goto('/property-manager/dashboard');
    await page.getByText('Visitor Home').first().waitFor();
  });
});
