import type { Page } from 'playwright-core';

/**
 * Signs in through a login screen (drivers and admins at /login, other users at
 * /end/user/login), as a person would, and waits for the feed.
 */
export async function signIn(
  page: Page,
  number: string,
  password: string,
  loginPath = '/login',
): Promise<void> {
  await page.goto(loginPath);
  await page.getByLabel('Phone Number').fill(number);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('link', { name: 'Feed' }).waitFor();
}
