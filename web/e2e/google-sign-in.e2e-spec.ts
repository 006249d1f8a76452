import { uniqueEmail, useBrowser } from './support/journey.js';

const browser = useBrowser();

describe('Google sign-in (issue 3 journey)', () => {
  it('signs in through the OpenID provider round trip and lands in onboarding with the campaign applied', async () => {
    const { page } = await browser.open();
    const email = uniqueEmail('google', 'google.test');

    await page.goto('/login?campaign=share_link');
    await page.getByRole('button', { name: 'Log in with Google' }).click();

    // The local stand-in for Google: a real OpenID provider with its own sign-in page.
    await page.getByRole('heading', { name: /Sign in with Google/ }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/onboarding\/property-location/);
    const me = await page.evaluate(async () => {
      const refreshed = await fetch('/api/auth/refresh', { method: 'POST' });
      return ((await refreshed.json()) as { user: { email: string; is_anonymous: boolean; email_verified: boolean; campaign: string } }).user;
    });
    expect(me).toMatchObject({ email, is_anonymous: false, email_verified: true, campaign: 'share_link' });
  });
});
