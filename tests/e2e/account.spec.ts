import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseUrl, codeFromOutbox, open, toast, uniqueEmail } from './support';

const PASSWORD = 'e2e-secret-pass';
const NEW_PASSWORD = 'e2e-newer-pass';

test('a newcomer registers with the mailed code, edits the profile, sets a pay password, binds a mobile, changes the password, tries every language, logs out and back in', async ({ page }) => {
  const email = uniqueEmail('newcomer');

  await test.step('register with the code read from the outbox', async () => {
    await open(page, '/pages/common/register');
    await page.getByPlaceholder('Enter your e-mail').fill(email);
    const asked = Date.now() - 1000;
    await page.getByTestId('get-code').click();
    await expect(toast(page)).toHaveText('The verification code has been sent.');
    await expect(page.getByTestId('get-code')).toHaveText(/^Resend \(\d+s\)$/);
    await expect(page.getByTestId('get-code')).toBeDisabled();
    const code = await codeFromOutbox(email, asked);
    await page.getByPlaceholder('6-digit code').fill(code);
    await page.getByPlaceholder('More than 6 characters').fill(PASSWORD);
    await page.getByPlaceholder('Enter the password again').fill(PASSWORD);
    await page.getByTestId('register-submit').click();
    await expect(toast(page)).toHaveText('Welcome! Your account is ready.');
    await expect(page.getByTestId('home-account')).toContainText(/Hello, u\d{8}/);
  });

  await test.step('change the nickname and the avatar', async () => {
    await page.getByTestId('open-settings').click();
    await page.getByTestId('profile-card').click();
    await page.getByPlaceholder('2 to 10 letters or digits').fill('Tester');
    await page.getByPlaceholder('2 to 30 letters or digits').fill('Paper trader');
    await page.getByTestId('save-profile').click();
    await expect(toast(page)).toHaveText('Your profile has been saved.');
    await expect(page.getByTestId('credit-score')).toHaveText('100');

    await page.getByTestId('avatar-file').setInputFiles(path.resolve(import.meta.dirname, '../fixtures/avatar.png'));
    await expect(toast(page)).toHaveText('Avatar updated');
    await expect(page.getByTestId('avatar').first()).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.png$/);
    const src = await page.getByTestId('avatar').first().getAttribute('src');
    const image = await page.request.get(new URL(src ?? '', page.url()).toString());
    expect(image.headers()['content-type']).toBe('image/png');
    expect(image.headers()['x-content-type-options']).toBe('nosniff');
  });

  await test.step('set the first pay password with the login password and a code', async () => {
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('link', { name: 'Security' }).click();
    await expect(page.getByTestId('pay-password-cell')).toContainText('Not set');
    await page.getByTestId('pay-password-cell').click();
    await expect(page.getByText(/A verification code will be sent to ne\*\*\*@example\.com/)).toBeVisible();
    await page.getByPlaceholder('Enter your current login password').fill(PASSWORD);
    const asked = Date.now() - 1000;
    await page.getByTestId('get-code').click();
    await expect(toast(page)).toHaveText('The verification code has been sent.');
    await page.getByPlaceholder('6-digit code').fill(await codeFromOutbox(email, asked));
    await page.getByPlaceholder('6 digits', { exact: true }).fill('135246');
    await page.getByPlaceholder('Enter the 6 digits again').fill('135246');
    await page.getByTestId('pay-password-submit').click();
    await expect(toast(page)).toHaveText('Your pay password has been saved.');
    await expect(page.getByTestId('pay-password-cell')).toContainText('Change');
    // A first pay password pauses nothing.
    await expect(page.getByTestId('withdraw-hold')).toHaveCount(0);
  });

  await test.step('bind a mobile number: the login password, a code mailed to the account and one texted to the number', async () => {
    await page.getByTestId('mobile-cell').click();
    await expect(page.getByText('Confirm with your login password and a code sent to ne***@example.com, then with a code sent by SMS to the new number.')).toBeVisible();
    const mobile = `137${String(Date.now()).slice(-8)}`;
    await page.getByPlaceholder('Enter your current login password').fill(PASSWORD);
    let asked = Date.now() - 1000;
    await page.getByTestId('get-contact-code').click();
    await expect(toast(page)).toHaveText('The verification code has been sent.');
    await page.locator('input[name=contact_code]').fill(await codeFromOutbox(email, asked));
    await page.getByPlaceholder('Enter your mobile number').fill(mobile);
    asked = Date.now() - 1000;
    await page.getByTestId('get-code').click();
    await expect(page.getByTestId('get-code')).toBeDisabled();
    await page.locator('input[name=code]').fill(await codeFromOutbox(`+86 ${mobile}`, asked));
    await page.getByTestId('mobile-submit').click();
    await expect(toast(page)).toHaveText('Your mobile number has been bound.');
    await expect(page.getByTestId('mobile-cell')).toContainText(`+86 ${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    await expect(page.getByTestId('withdraw-hold')).toHaveCount(0);
  });

  await test.step('change the login password: the current one and a code; back to login; withdrawals pause for 24 hours, as the screens say', async () => {
    await open(page, '/pages/setting/password');
    await expect(page.getByText('For your safety, withdrawals are paused for 24 hours after a change.')).toBeVisible();
    await page.getByPlaceholder('Enter your current login password').fill('not-my-password');
    // No slack before the click: the previous step mailed this address a code moments ago.
    const asked = Date.now();
    await page.getByTestId('get-code').click();
    await expect(toast(page)).toHaveText('The verification code has been sent.');
    await page.getByPlaceholder('6-digit code').fill(await codeFromOutbox(email, asked));
    await page.getByPlaceholder('More than 6 characters').fill(NEW_PASSWORD);
    await page.getByPlaceholder('Enter the password again').fill(NEW_PASSWORD);
    await page.getByTestId('password-submit').click();
    await expect(toast(page)).toHaveText('The current login password is wrong.');
    await page.getByPlaceholder('Enter your current login password').fill(PASSWORD);
    await page.getByTestId('password-submit').click();
    await expect(toast(page)).toHaveText(/^Your password has been changed\. Please log in again\. For your safety, withdrawals are paused until .+ UTC\.$/);
    await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/common/login');
    await page.getByPlaceholder('Enter your e-mail').fill(email);
    await page.getByPlaceholder('Enter your password').fill(NEW_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.locator('html')).not.toHaveAttribute('data-screen', '/pages/common/login');

    await open(page, '/pages/setting/security');
    await expect(page.getByTestId('withdraw-hold')).toHaveText(/^Withdrawals are paused until .+ for your safety\.$/);
    await open(page, '/pages/fund/withdraw?currency=3&network=TRC20');
    await expect(page.getByTestId('withdraw-hold')).toBeVisible();
    await expect(page.getByTestId('withdraw-submit')).toBeDisabled();
  });

  await test.step('switch through all eight languages and see the tab labels change', async () => {
    for (const code of ['zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'en']) {
      const common = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${code}/common.json`), 'utf8')) as { tabs: { home: string } };
      await open(page, '/pages/setting/language');
      await page.getByTestId(`language-${code}`).click();
      await open(page, '/');
      await expect(page.getByTestId('tab-home')).toHaveText(common.tabs.home);
    }
    await page.reload();
    await expect(page.getByTestId('tab-home')).toHaveText('Home');
  });

  await test.step('log out, then log in again', async () => {
    await page.getByTestId('open-settings').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText('You have logged out.');
    await expect(page.getByTestId('home-login')).toBeVisible();

    await page.getByTestId('home-login').click();
    await page.getByPlaceholder('Enter your e-mail').fill(email);
    await page.getByPlaceholder('Enter your password').fill(NEW_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('home-account')).toContainText('Hello, Tester');
    await expect(page.getByTestId('home-account').getByTestId('avatar')).toHaveAttribute('src', /^\/uploads\//);
  });
});

test('a visitor on the assets tab sees the tab and "please log in first" at once, then the login screen', async ({ page }) => {
  await open(page, '/');
  await page.goto(`${baseUrl()}/h5/#/pages/fund/assets`);
  await expect(page.getByTestId('login-first')).toBeVisible();
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(toast(page)).toHaveText('Please log in first');
  await page.waitForURL(/#\/pages\/common\/login\?redirect=/);
});

test('a visitor opening a protected page is told to log in and taken to login after 1.2 s, then back after logging in', async ({ page }) => {
  await open(page, '/');
  await expect(page.getByTestId('home-login')).toBeVisible();
  const opened = Date.now();
  await page.goto(`${baseUrl()}/h5/#/pages/setting/userInfo`);
  // The screen's frame and the toast at once, never a blank screen while the redirect waits.
  await expect(page.getByTestId('login-first')).toBeVisible();
  await expect(toast(page)).toHaveText('Please log in first');
  await page.waitForURL(/#\/pages\/common\/login/);
  expect(Date.now() - opened).toBeGreaterThanOrEqual(1100);
  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/common/login');

  await page.getByPlaceholder('Enter your e-mail').fill('demo@kestrel.local');
  await page.getByPlaceholder('Enter your password').fill('kestrel-demo');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/pages\/setting\/userInfo/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
});

test('bad input on the forms gets a translated message and sends nothing', async ({ page }) => {
  await open(page, '/pages/common/register');
  await page.getByPlaceholder('Enter your e-mail').fill('not-an-email');
  await page.getByTestId('get-code').click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid e-mail address.');
  await expect(page.getByTestId('get-code')).toHaveText('Get code');

  await page.getByPlaceholder('Enter your e-mail').fill('someone@example.com');
  await page.getByPlaceholder('6-digit code').fill('123');
  await page.getByPlaceholder('More than 6 characters').fill('short');
  await page.getByPlaceholder('Enter the password again').fill('other');
  await page.getByTestId('register-submit').click();
  await expect(page.getByRole('alert')).toHaveText(['The verification code is 6 digits.', 'The password must be longer than 6 characters.', 'The two passwords do not match.']);

  await open(page, '/pages/common/login');
  await page.getByPlaceholder('Enter your e-mail').fill('nobody@example.com');
  await page.getByPlaceholder('Enter your password').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await expect(toast(page)).toHaveText('The account or password is incorrect.');
});
