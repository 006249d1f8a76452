import { createFirstLocation, logIn, signUp, verifyFromEmail } from './support/steps.js';
import { uniqueEmail, useBrowser } from './support/journey.js';

const browser = useBrowser();

describe('sign-up to first property (issue 3 journey)', () => {
  it('signs up, verifies by e-mail, onboards a location, edits the account, and logs in with the new password', async () => {
    const { page } = await browser.open();
    const email = uniqueEmail('journey');
    const password = 'first-Passw0rd';

    await signUp(page, { name: 'Alex Journey', email, password });
    await verifyFromEmail(page, email);

    await logIn(page, email, password);
    await createFirstLocation(page, '1600 Pennsylvania Ave NW, Washington, DC 20500', 'Washington, DC 20500');

    await page.goto('/property-manager/dashboard');
    await page.getByText('1600 Pennsylvania Ave NW').first().waitFor();
    await page.getByText(/progress|checklist/i).first().waitFor();

    await page.goto('/property-manager/account/profile');
    await page.getByLabel('Full Name').fill('Alex Renamed');
    await page.getByRole('button', { name: 'Save Full Name' }).click();
    await page.getByText('Full name updated successfully').waitFor();

    await page.goto('/property-manager/account/contact');
    await page.getByLabel('Phone Number').fill('(555) 010-0199');
    await page.getByRole('button', { name: 'Save Phone' }).click();
    await page.getByText('Phone updated successfully').waitFor();

    const newPassword = 'second-Passw0rd';
    await page.goto('/property-manager/account/password');
    await page.getByLabel('Current Password').fill(password);
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated successfully').waitFor();

    await page.goto('/logout');
    await page.waitForURL(/\/login/);

    await logIn(page, email, password);
    await page.getByText('Invalid login credentials').waitFor();

    await logIn(page, email, newPassword);
    await page.waitForURL(/\/property-manager/);
    await page.goto('/property-manager/account/profile');
    await expect(page.getByLabel('Full Name').inputValue()).resolves.toBe('Alex Renamed');
  });
});
