import { MailSink } from '@pm/testing';
import type { Page } from 'playwright-core';
import { logIn, pickOption, signUp, verifyFromEmail } from './support/steps.js';
import { uniqueEmail, useBrowser } from './support/journey.js';

const browser = useBrowser();
const CHECKLIST = '/property-manager/onboarding-checklist';
const stripeUrl = (): string => {
  const url = process.env['E2E_STRIPE_URL'];
  if (!url) throw new Error('E2E_STRIPE_URL is not set: the e2e platform exports its local Stripe');
  return url;
};

/** The unit of the home, from the checklist's "Add a tenant" step once the progress knows it (it follows events). */
async function homeUnitId(page: Page): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto(CHECKLIST);
    await page.getByRole('progressbar', { name: 'Onboarding progress' }).waitFor();
    const link = page.getByRole('link', { name: 'Add a tenant' });
    const href = (await link.count()) > 0 ? await link.getAttribute('href') : null;
    const unitId = href ? /\/units\/([^/?#]+)/.exec(href)?.[1] : undefined;
    if (unitId) return decodeURIComponent(unitId);
    if (Date.now() > deadline) throw new Error('the checklist never offered the home\'s unit');
    await page.waitForTimeout(500);
  }
}

/** The sandbox's PaymentIntent of the tenant's bank debit (the one still processing), as Stripe's API lists it. */
async function processingDebit(): Promise<string> {
  const response = await fetch(`${stripeUrl()}/v1/payment_intents?limit=100`, { headers: { authorization: 'Bearer sk_test_journey' } });
  const { data } = (await response.json()) as { data: { id: string; status: string; amount: number }[] };
  const debit = data.find((intent) => intent.status === 'processing' && intent.amount === 125_000);
  if (!debit) throw new Error(`no processing debit of $1,250.00 in the sandbox: ${JSON.stringify(data.map((i) => [i.id, i.status, i.amount]))}`);
  return debit.id;
}

/** Reloads the page until `text` shows (the ledger follows Stripe's webhooks, a moment after each step). */
async function reloadUntil(page: Page, path: string, text: string | RegExp, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    await page.goto(path);
    try {
      await page.getByText(text).first().waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * Issue 30's journey: a manager connects payouts on the (sandbox) provider's onboarding page, sets rent on a unit and
 * e-mails the payment links; the tenant opens the e-mail, pays by bank (ACH) on the provider's checkout page and lands
 * on /rent/success, verified; the unit's ledger shows the payment processing until the bank settles it, then
 * completed; the dashboard's rent collected this month counts it, and the tenant has a receipt.
 */
describe('rent: payouts connected, a payment link e-mailed, paid by ACH, settled (issue 30)', () => {
  it('connects payouts, sets rent, e-mails the link; the tenant pays by bank; processing, then completed; a receipt', async () => {
    const { page } = await browser.open();
    const email = uniqueEmail('landlord');
    const password = 'rent-Passw0rd';
    const tenantEmail = uniqueEmail('tenant-pays');

    // A manager who came to the product directly: the property-owner campaign (the sign-up default) hides Rent
    // Management (spec 000 §2.3 item 19).
    await signUp(page, { name: 'Lee Landlord', email, password }, { campaign: 'property_manager' });
    await verifyFromEmail(page, email);
    await logIn(page, email, password);
    await page.waitForURL(/\/onboarding\/property-location/);
    await page.getByRole('combobox', { name: 'Property Address' }).pressSequentially('4127 Sycamore Lane, Austin, TX 78745', { delay: 10 });
    await pickOption(page, 'Austin, TX 78745');
    await page.getByRole('combobox', { name: 'Property Type' }).click();
    await pickOption(page, 'Single Family Home');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Property location created successfully').waitFor();

    // The tenant, with the e-mail address the links go to.
    const unitId = await homeUnitId(page);
    await page.goto(`/property-manager/units/${encodeURIComponent(unitId)}?openAddTenant=true`);
    const tenantDialog = page.getByRole('dialog', { name: 'Add a Tenant' });
    await tenantDialog.getByLabel('Full name').fill('Tess Tenant');
    await tenantDialog.getByLabel('Email').fill(tenantEmail);
    await tenantDialog.getByRole('button', { name: 'Add Tenant' }).click();
    await page.getByText('Tenant created successfully').waitFor();

    // Payouts: Not Connected → the provider's onboarding form → back on the tab, Active.
    await page.goto('/property-manager/account/payouts');
    await page.getByText('Not Connected').waitFor().catch(async (error: unknown) => {
      console.warn(`payouts tab at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 1500)}`);
      throw error;
    });
    await page.getByRole('button', { name: 'Connect Stripe Account' }).click();
    await page.waitForURL(/\/connect\/onboarding\//);
    await page.getByLabel('Business name').fill('Lee Landlord Rentals');
    await page.getByLabel('First name').fill('Lee');
    await page.getByLabel('Last name').fill('Landlord');
    await page.getByLabel('I accept the Stripe Connected Account Agreement (sandbox)').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/property-manager\/account\/payouts/);
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open Stripe Dashboard' }).waitFor();

    // Rent on the unit, and the links e-mailed to the tenant.
    const unitPage = `/property-manager/units/${encodeURIComponent(unitId)}`;
    await page.goto(unitPage);
    await page.getByRole('button', { name: 'Set rent' }).click();
    const rentDialog = page.getByRole('dialog', { name: 'Edit Rent Details' });
    await rentDialog.getByLabel('Monthly rent ($)').fill('1,250.00');
    await rentDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Rent details updated successfully').waitFor();
    await page.getByRole('button', { name: 'Email payment links to tenants' }).click();
    await page.getByText('Payment links email sent successfully').waitFor();

    // The dashboard before: nothing collected this month.
    await page.goto('/property-manager/dashboard');
    await page.getByLabel('Total Rent Collected This Month: $0.00').waitFor({ timeout: 20_000 });

    // The tenant opens the e-mail and pays from their bank account (the link without a fee) on the checkout page.
    const mail = await new MailSink().waitForEmail(tenantEmail, /payment link/i, 30_000);
    const achLink = MailSink.links(mail).find((href) => href.includes('/checkout/'));
    if (!achLink) throw new Error(`no checkout link in "${mail.subject}"`);
    const tenant = (await browser.open()).page;
    await tenant.goto(achLink);
    await tenant.getByLabel('Account holder name').fill('Tess Tenant');
    await tenant.getByLabel('Account number').fill('000123456789');
    await tenant.getByRole('button', { name: 'Pay by bank' }).click();
    await tenant.waitForURL(/\/rent\/success\?session_id=cs_/);
    await tenant.getByText('Your payment has been received.').waitFor({ timeout: 30_000 });
    await tenant.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor();

    // The manager's ledger: processing until the bank settles the debit, then completed.
    await reloadUntil(page, unitPage, 'Processing');
    const settled = await fetch(`${stripeUrl()}/_sandbox/settle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payment_intent: await processingDebit() }) });
    expect(settled.status).toBe(200);
    await reloadUntil(page, unitPage, 'Completed');

    // The dashboard counts it, and the tenant has a receipt.
    await reloadUntil(page, '/property-manager/dashboard', 'Total Rent Collected This Month');
    await page.getByLabel('Total Rent Collected This Month: $1,250.00').waitFor({ timeout: 20_000 });
    const receipt = await new MailSink().waitForEmail(tenantEmail, /^Receipt: \$1,250\.00 rent received$/, 30_000);
    expect(receipt.subject).toBe('Receipt: $1,250.00 rent received');
  }, 300_000);
});
