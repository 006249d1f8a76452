import { e2eBaseUrl } from '@pm/testing';
import { useBrowser } from './support/journey.js';
import { expectAccessiblePage, expectNoHorizontalOverflowAtSupportedWidths, expectNoSeriousAxeViolations } from './support/page-checks.js';

const browser = useBrowser();

/** Every public page a signed-out visitor can open, with the heading that proves the page itself rendered. */
const publicPages = [
  { path: '/', heading: 'PM Platform' },
  { path: '/pm', heading: 'Property management that answers your tenants around the clock' },
  { path: '/property-owners', heading: 'Save Money Together, Build Stronger Communities' },
  { path: '/pdf', heading: "Understand your association's documents in minutes" },
  { path: '/about-us', heading: 'About PM Platform' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', heading: 'Terms and Conditions' },
  { path: '/login', heading: 'Log in' },
  { path: '/signup', heading: 'Sign up' },
] as const;

describe('the public pages (issue 9 journey)', () => {
  it.each(publicPages)('$path: no critical or serious axe violations on a desktop and a phone, one h1 and headings in order, no sideways scrolling at 390-1440 px', async ({ path, heading }) => {
    const { page } = await browser.open();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);

    await expectAccessiblePage(page, `${path} at 1440 px`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousAxeViolations(page, `${path} at 390 px`);
    await expectNoHorizontalOverflowAtSupportedWidths(page, path);
  });

  it('reaches About Us from the header menu on a phone', async () => {
    const { page } = await browser.open();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Start Free' }).waitFor();
    await menu.getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(`${e2eBaseUrl()}/about-us`);
    await page.getByRole('heading', { level: 1, name: 'About PM Platform' }).waitFor();
    // The menu closed on the way: the page is usable, not covered.
    await menu.waitFor({ state: 'hidden' });
  });

  it('sends an old /sign-up link to sign-up, keeping the e-mail address and the other parameters', async () => {
    const { page } = await browser.open();
    await page.goto(`/sign-up?email=${encodeURIComponent('casey.morgan@example.com')}&campaign=share_link`);
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/signup');
    expect(landed.searchParams.get('campaign')).toBe('share_link');
    expect(await page.getByLabel('Email').inputValue()).toBe('casey.morgan@example.com');
  });
});
