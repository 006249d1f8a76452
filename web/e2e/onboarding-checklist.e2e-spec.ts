import { MailSink } from '@pm/testing';
import type { Page } from 'playwright-core';
import { createFirstLocation, logIn, signUp, verifyFromEmail } from './support/steps.js';
import { uniqueEmail, useBrowser } from './support/journey.js';

const browser = useBrowser();
const CHECKLIST = '/property-manager/onboarding-checklist';

/** A day `days` from today, as the date inputs take it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Opens the checklist and follows the link of one of its steps, as the manager would. */
async function followStep(page: Page, title: string) {
  await page.goto(CHECKLIST);
  await page.getByRole('link', { name: title }).click();
}

/** The checklist's percentage once the progress read model has caught up with the last step (it follows events). */
async function expectPercent(page: Page, percent: number) {
  const deadline = Date.now() + 20_000;
  let seen: string | null = null;
  while (Date.now() < deadline) {
    await page.goto(CHECKLIST);
    const bar = page.getByRole('progressbar', { name: 'Onboarding progress' });
    await bar.waitFor();
    seen = await bar.getAttribute('aria-valuenow');
    if (seen === String(percent)) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`the checklist shows ${seen}%, expected ${percent}%`);
}

/** The dashboard's Upcoming Lease Renewals card, for the default 60-day window. */
async function renewalsCard(page: Page) {
  await page.goto('/property-manager/dashboard');
  const card = page.locator('.ant-card', { hasText: 'Upcoming Lease Renewals' });
  await card.waitFor();
  await card.locator('.ant-table').waitFor();
  return card;
}

describe('onboarding checklist to 100% (issue 4 journey)', () => {
  it('follows every required step from a new account, then sees a lease renewal appear when its end enters the window', async () => {
    const { page } = await browser.open();
    const email = uniqueEmail('checklist');
    const password = 'checklist-Passw0rd';
    const tenantEmail = uniqueEmail('tenant');

    await signUp(page, { name: 'Casey Checklist', email, password });
    await verifyFromEmail(page, email);
    await logIn(page, email, password);
    await createFirstLocation(page, '12 Elm Street, Springfield, IL 62701', 'Springfield, IL 62701');

    // 7 required steps; the property is found.
    await expectPercent(page, 14);

    await followStep(page, 'Complete your personal details');
    await page.getByLabel('Phone Number').fill('(555) 010-0142');
    await page.getByRole('button', { name: 'Save Phone' }).click();
    await page.getByText('Phone updated successfully').waitFor();

    await followStep(page, 'Add a building');
    const buildingDialog = page.getByRole('dialog', { name: 'Add a New Building' });
    await buildingDialog.getByLabel('Building Name').fill('Building A');
    await buildingDialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Building created successfully').waitFor();
    // "Add a unit" links to the first building's units once the progress read model knows it; until then it is blocked.
    await expectPercent(page, 43);

    await followStep(page, 'Add a unit');
    const unitDialog = page.getByRole('dialog', { name: 'Add a New Unit' });
    await unitDialog.getByLabel('Unit Name').fill('Unit 1A');
    await unitDialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Unit created successfully').waitFor();
    await expectPercent(page, 57);

    await followStep(page, 'Add a tenant');
    const tenantDialog = page.getByRole('dialog', { name: 'Add a Tenant' });
    await tenantDialog.getByLabel('Full name').fill('Terry Tenant');
    await tenantDialog.getByLabel('Email').fill(tenantEmail);
    await tenantDialog.getByLabel('Phone').pressSequentially('5550100123');
    expect(await tenantDialog.getByLabel('Phone').inputValue()).toBe('(555) 010-0123');
    await tenantDialog.getByRole('button', { name: 'Add Tenant' }).click();
    await page.getByText('Tenant created successfully').waitFor();
    await expectPercent(page, 71);

    // The sandbox provider offers numbers for the location's area code.
    await followStep(page, 'Get a phone number');
    await page.getByRole('button', { name: 'Get a phone number' }).click();
    const numbers = page.getByRole('dialog', { name: 'Select Phone Number' });
    await numbers.getByRole('button', { name: /^Select / }).first().click();
    // Nothing is bought before the manager confirms the number for this location.
    await numbers.getByRole('region', { name: 'Confirm phone number' }).getByRole('button', { name: 'Get this number' }).click();
    await page.getByText('Phone number assigned successfully').waitFor();
    await expectPercent(page, 86);

    await followStep(page, 'Send the tenant onboarding e-mail');
    const invite = page.getByRole('dialog', { name: 'Invite Tenants' });
    await invite.getByRole('checkbox', { name: /Terry Tenant/ }).check();
    await invite.getByRole('button', { name: 'Send Invitations' }).click();
    await page.getByText('Tenants invited successfully').waitFor();
    const invitation = await new MailSink().waitForEmail(tenantEmail, /./);
    const welcomeLink = MailSink.links(invitation).find((href) => /\/welcome\/[A-Za-z0-9_-]{43}\?/.test(href));
    expect(welcomeLink && new URL(welcomeLink).searchParams.get('email')).toBe(tenantEmail);
    await expectPercent(page, 100);
    // Connecting payouts is an optional step that opens the account's Rent Management tab.
    const payments = page.locator('[data-step="connect-payments"]');
    await payments.getByText('Optional').waitFor();
    expect(await page.locator('a', { has: payments }).getAttribute('href')).toBe('/property-manager/account/payouts');

    // The tenant opens the link signed out (a browser of their own) and lands on their property's page, no account asked.
    const tenantBrowser = await page.context().browser()!.newContext();
    try {
      const tenantPage = await tenantBrowser.newPage();
      await tenantPage.goto(welcomeLink!);
      await tenantPage.getByRole('heading', { level: 1, name: 'Welcome, Terry' }).waitFor();
      await tenantPage.getByText('You do not need an account').waitFor();
      await tenantPage.getByRole('link', { name: 'Call the property' }).waitFor();
      await tenantPage.getByRole('link', { name: 'Create a resident account' }).click();
      await tenantPage.waitForURL(/\/signup\?/);
      expect(await tenantPage.getByLabel('Email').inputValue()).toBe(tenantEmail);
    } finally {
      await tenantBrowser.close();
    }

    // Lease renewals: none while the lease ends outside the 60-day window, listed once its end moves into it.
    const setLeaseEnd = async (day: string) => {
      await page.goto('/property-manager/tenants');
      await page.getByRole('link', { name: 'Terry Tenant' }).click();
      await page.getByLabel('Lease end').fill(day);
      await page.getByRole('button', { name: 'Save lease details' }).click();
      await page.getByText('Tenant updated successfully').waitFor();
    };
    await setLeaseEnd(inDays(200));
    expect(await (await renewalsCard(page)).getByText('Terry Tenant').count()).toBe(0);
    await setLeaseEnd(inDays(30));
    const card = await renewalsCard(page);
    await card.getByText('Terry Tenant').waitFor();
    await card.getByText('Building A').waitFor();
  });
});
