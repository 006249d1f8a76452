import { demoAccount } from '@pm/testing';
import { logIn } from './support/steps.js';
import { useBrowser } from './support/journey.js';

const browser = useBrowser();

describe('the demo account (issue 9 journey)', () => {
  it('signs in to a seeded portfolio: the dashboard shows a location with upcoming renewals, a location lists its tenants', async () => {
    const { page } = await browser.open();
    const { email, password } = demoAccount();

    await logIn(page, email, password);
    await page.waitForURL(/\/property-manager\//);

    // The first location (the 40-unit complex) with leases ending within the default 60-day window.
    await page.goto('/property-manager/dashboard');
    await page.locator('.ant-descriptions').getByText('Harbor View Apartments').waitFor();
    await page.getByText('1450 Harbor View Drive, San Diego, CA 92101').waitFor();
    const renewals = page.locator('.ant-card', { hasText: 'Upcoming Lease Renewals' });
    await renewals.getByRole('cell', { name: 'Tyler Brooks', exact: true }).waitFor();
    await renewals.getByRole('cell', { name: 'Daniel Kim', exact: true }).waitFor();

    // All three locations, and the tenants of one of them, a page at a time.
    await page.goto('/property-manager/property-locations');
    for (const name of ['Harbor View Apartments', 'Cedar Street Fourplex', '4127 Sycamore Lane']) await page.getByRole('link', { name }).waitFor();
    await page.getByRole('link', { name: 'Harbor View Apartments' }).click();
    await page.getByRole('navigation', { name: 'Property location sections' }).getByRole('link', { name: 'Tenants' }).click();
    await page.waitForURL(/\/property-locations\/[^/]+\/tenants$/);
    await page.getByRole('link', { name: 'Maria Gonzalez', exact: true }).waitFor();
    await page.getByText('1–20 of 51 tenants').waitFor();
  });
});
