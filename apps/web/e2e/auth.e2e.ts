import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { blockUser } from '../../server/test/harness.js';
import { pngImage } from '../../server/test/fixtures.js';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

async function newPage(): Promise<Page> {
  const context = await phoneContext(browser, server.url);
  return context.newPage();
}

async function signIn(page: Page, number: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Phone Number').fill(number);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('accounts in a phone-sized browser', () => {
  it('sends a visitor without a token to the login screen, with no navigation bar', async () => {
    const page = await newPage();
    await page.goto('/my/profile');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Driver Login' }).waitFor();
    await expect(page.getByRole('link', { name: 'Feed' }).count()).resolves.toBe(0);
    await screenshot(page, 'auth-login');
    await page.context().close();
  });

  it('registers a normal user and lands on the feed with the navigation bar', async () => {
    const page = await newPage();
    await page.goto('/end/user/register');
    await page.getByLabel('Name').fill('Suresh Yadav');
    await page.getByLabel('Phone Number').fill('+91 81234 56789');
    await page.getByLabel('Password', { exact: true }).fill('safe-driving');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText('Registration successful! You can now log in.').waitFor();
    await page.getByRole('link', { name: 'Feed' }).waitFor();
    for (const entry of ['Emergency', 'Business', 'Voice Chat', 'Profile', 'Help']) {
      await expect(page.getByRole('link', { name: entry }).count()).resolves.toBe(1);
    }
    const cookies = await page.context().cookies();
    const token = cookies.find((c) => c.name === 'Token');
    expect(token?.path).toBe('/');
    // 7 days, give or take the seconds the test took.
    expect((token?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    await screenshot(page, 'auth-registered-feed');
    await page.context().close();
  });

  it('registers a driver with three identity photos from the gallery', async () => {
    const page = await newPage();
    await page.goto('/register');
    await page.getByLabel('Name').fill('Mohan Singh');
    await page.getByLabel('Phone Number').fill('0 98111 22334');
    await page.getByLabel('Password', { exact: true }).fill('highway-42');
    const register = page.getByRole('button', { name: 'Register', exact: true });
    await expect(register.isDisabled()).resolves.toBe(true);
    for (const [i, document] of [
      'Aadhar Card (Front)',
      'Aadhar Card (Back)',
      'Driving Licence',
    ].entries()) {
      const chooser = page.waitForEvent('filechooser');
      await page
        .getByRole('group', { name: document })
        .getByRole('button', { name: 'Gallery' })
        .click();
      await (
        await chooser
      ).setFiles({ name: `doc-${i}.png`, mimeType: 'image/png', buffer: pngImage(40, 30) });
      await page.getByRole('img', { name: `Photo of ${document}` }).waitFor();
    }
    await page.getByRole('checkbox').check();
    await register.click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText('Registered Successfully!').waitFor();
    const me = await page.evaluate(async () => {
      const token =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('Token='))
          ?.slice(6) ?? '';
      const res = await fetch('/api/v1/me', { headers: { Authorization: `Bearer ${token}` } });
      return (await res.json()) as {
        user: { usertype: string; verification: string; number: string };
      };
    });
    expect(me.user).toMatchObject({
      usertype: 'driver',
      verification: 'pending',
      number: '+919811122334',
    });
    await page.context().close();
  });

  it('signs the demo driver in', async () => {
    const page = await newPage();
    await signIn(page, '9000000002', 'Driver@1234');
    await page.waitForURL(`${server.url}/`);
    await page.getByText('Login Successful!').waitFor();
    await page.getByRole('link', { name: 'Profile' }).waitFor();
    await page.context().close();
  });

  it('shows a wrong password in red text and a toast', async () => {
    const page = await newPage();
    await signIn(page, '9000000002', 'not-the-password');
    // Once in red under the form and once in the toast.
    await page.getByText('Invalid phone number or password').nth(1).waitFor();
    expect(page.url()).toContain('/login');
    await page.context().close();
  });

  it('resets a forgotten password with the link from the SMS outbox', async () => {
    const page = await newPage();
    await page.goto('/forgot-password');
    await page.getByLabel('Phone Number').fill('09000000003');
    const before = server.outbox.length;
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByText('If an account exists for this number', { exact: false })
      .first()
      .waitFor();
    await expect.poll(() => server.outbox.length).toBe(before + 1);
    const sms = server.outbox.at(-1);
    expect(sms?.to).toBe('+919000000003');
    const token = /\/reset-password\/([\w-]+)/.exec(sms?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    await page.goto(`/reset-password/${token}`);
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm New Password').fill('different-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm New Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');

    await signIn(page, '9000000003', 'User@1234');
    await page.getByText('Invalid phone number or password').first().waitFor();
    await signIn(page, '9000000003', 'brand-new-pass');
    await page.waitForURL(`${server.url}/`);
    await page.context().close();
  });

  it('replaces every screen of a blocked account with the blocked screen', async () => {
    const page = await newPage();
    const login = await page.request.post('/api/v1/normaluser/register', {
      data: { name: 'Blocked Person', number: '7012345678', password: 'pass1234' },
    });
    const { Token, user } = (await login.json()) as { Token: string; user: { _id: string } };
    await page.context().addCookies([{ name: 'Token', value: Token, url: server.url }]);
    await page.goto('/');
    await page.getByRole('link', { name: 'Feed' }).waitFor();

    await blockUser(server, user._id, 'Posting abusive videos');
    for (const path of ['/business', '/my/profile', '/']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Account Blocked' }).waitFor();
    }
    await page
      .getByText(
        'Your account has been temporarily blocked due to policy violations or security concerns.',
      )
      .waitFor();
    await page.getByText('Blocked Person').waitFor();
    await page.getByText('+917012345678').waitFor();
    await expect(
      page.getByRole('link', { name: 'Contact Support' }).getAttribute('href'),
    ).resolves.toMatch(/^mailto:support@saathi\.app/);
    await expect(page.getByRole('link', { name: 'Business' }).count()).resolves.toBe(0);
    await screenshot(page, 'auth-blocked');
    await page.context().close();
  });

  it('switches the sign-in screen to Hindi', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    // The switch happens once the Hindi texts have arrived (they load only when chosen).
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('hi');
    await page.getByLabel('फ़ोन नंबर').waitFor();
    await page.getByRole('heading', { name: 'ड्राइवर लॉगिन' }).waitFor();
    await screenshot(page, 'auth-login-hindi');
    await page.context().close();
  });
});
