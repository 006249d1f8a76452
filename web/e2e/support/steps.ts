import { MailSink } from '@pm/testing';
import type { Locator, Page } from 'playwright-core';

/**
 * The sign-up form, as a person fills it; ends on the check-your-email page. Without `campaign` the spec's default
 * (property_owner) applies, which hides the Rent Management tab (spec 000 §2.3 item 19).
 */
export async function signUp(page: Page, person: { name: string; email: string; password: string }, options: { campaign?: string } = {}) {
  await page.goto(options.campaign ? `/signup?campaign=${encodeURIComponent(options.campaign)}` : '/signup');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password').fill(person.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Get Started' }).click();
  await page.waitForURL(/\/verify-email\//);
  await page.getByText(person.email).first().waitFor();
}

/** Opens the verification link of the e-mail the platform sent (read from the mail sink), as the person would. */
export async function verifyFromEmail(page: Page, email: string) {
  const verification = await new MailSink().waitForEmail(email, /verif|confirm/i);
  const link = MailSink.links(verification).find((href) => href.includes('verify-email?token='));
  if (!link) throw new Error(`no verification link in "${verification.subject}"`);
  await page.goto(link);
  await page.waitForURL(/\/login\?verified=1/);
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Clicks a visible entry of an open antd dropdown (antd also renders hidden a11y copies with role option). */
export async function pickOption(page: Page, text: string | RegExp) {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await option.waitFor();
  await option.click();
}

/**
 * Onboarding: the account type is set automatically, then the first property location through address search
 * (typed key by key, picking the suggestion that names `suggestion`).
 */
export async function createFirstLocation(page: Page, address: string, suggestion: string) {
  await page.waitForURL(/\/onboarding\/property-location/);
  const search = page.getByRole('combobox', { name: 'Property Address' });
  await search.pressSequentially(address, { delay: 10 });
  await pickOption(page, suggestion);
  await page.getByRole('combobox', { name: 'Property Type' }).click();
  await pickOption(page, /multi-unit/i);
  await page.getByLabel('Units Count').fill('6');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Property location created successfully').waitFor();
}

/**
 * Right-clicks `target` (a row's name), picks `action` in its context menu and answers the dialog the action opens
 * (the one showing `dialogText`). The rows are re-rendered by the live status stream while documents elsewhere are
 * being processed, and a refresh can close the menu under the pointer as it is clicked: then, as a person would, the
 * gesture is made once more (and said so in the log). When the dialog still does not open, the page's open dialogs and
 * menus are logged before failing, so a red CI run shows what the page held.
 */
export async function pickRowAction(page: Page, target: Locator, action: string, dialogText: string = action): Promise<Locator> {
  const dialog = page.getByRole('dialog').filter({ hasText: dialogText });
  for (let attempt = 1; ; attempt++) {
    await target.click({ button: 'right' });
    await page.getByRole('menuitem', { name: action }).click();
    try {
      await dialog.waitFor({ timeout: 5_000 });
      return dialog;
    } catch (error) {
      const open = await page.locator('[role=dialog], .ant-dropdown:not(.ant-dropdown-hidden)').evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').replace(/\s+/g, ' ').slice(0, 200)));
      console.warn(`"${action}" opened no dialog (attempt ${attempt}) at ${page.url()}; open dialogs and menus: ${JSON.stringify(open)}`);
      if (attempt === 2) throw error;
    }
  }
}
