import { demoAccount } from '@pm/testing';
import type { Page } from 'playwright-core';
import { logIn, pickOption } from './steps.js';

/** "(619) 555-0123" → "+16195550123". */
const e164 = (display: string) => `+1${display.replace(/\D/g, '')}`;

/** Signs in as the demo manager and selects Harbor View; answers its id, its number (E.164) and its e-mail address. */
export async function harborView(page: Page): Promise<{ id: string; number: string; email: string }> {
  const { email, password } = demoAccount();
  await logIn(page, email, password);
  await page.waitForURL(/\/property-manager\//);
  await page.goto('/property-manager/property-locations');
  await page.getByRole('link', { name: 'Harbor View Apartments' }).click();
  await page.waitForURL(/\/property-locations\/[^/]+$/);
  const id = decodeURIComponent(/\/property-locations\/([^/?#]+)/.exec(page.url())?.[1] ?? '');
  await page.goto(`/property-manager/property-locations/${id}/phone-number`);
  const number = e164((await page.getByLabel('Property phone number').textContent()) ?? '');
  await page.goto(`/property-manager/property-locations/${id}/email-address`);
  const address = ((await page.getByLabel('Property email address').textContent()) ?? '').trim();
  await page.getByRole('combobox', { name: 'Property location' }).click();
  await pickOption(page, 'Harbor View Apartments');
  return { id, number, email: address };
}
