import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

/** The small gaps found walking through the app in English and Hindi (issue #16, item 4). */

let server: E2eServer;
let browser: Browser;
let admin: BrowserContext;
let driver: BrowserContext;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await sharedBrowser();
  admin = await phoneContext(browser, server.url);
  await signIn(await admin.newPage(), '9000000001', 'Admin@1234');
  driver = await phoneContext(browser, server.url);
  await signIn(await driver.newPage(), '9000000002', 'Driver@1234');
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

const languages = ['en', 'hi'] as const;

async function inLanguage(context: BrowserContext, language: string, path: string) {
  const page = await context.newPage();
  await page.goto('/terms');
  await page.evaluate((l) => localStorage.setItem('saathi.language', l), language);
  await page.goto(path);
  return page;
}

/** Left and right edges of an element, to see it whole inside the phone's width. */
async function edges(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return { left: box.left, right: box.right, height: box.height };
    }),
  );
}

describe('walk-through gaps', () => {
  it('shows every admin users filter chip whole on a phone, in English and Hindi', async () => {
    for (const language of languages) {
      const page = await inLanguage(admin, language, '/admin/users');
      const label = language === 'hi' ? 'दिखाएँ' : 'Show';
      await page.getByRole('list', { name: label }).getByRole('button').first().waitFor();
      const width = page.viewportSize()?.width ?? 0;
      const chips = await edges(page, `ul[aria-label="${label}"] button`);
      expect(chips).toHaveLength(4);
      for (const chip of chips) {
        expect(chip.left).toBeGreaterThanOrEqual(0);
        expect(chip.right).toBeLessThanOrEqual(width);
      }
      await screenshot(page, `gaps-admin-users-${language}`);
      await page.close();
    }
  });

  it('gives the language switch targets at least 44 px tall', async () => {
    const page = await inLanguage(driver, 'en', '/my/profile');
    await page.getByTestId('my-name').waitFor();
    const targets = await edges(page, '[role="group"][aria-label="Language"] button');
    expect(targets).toHaveLength(2);
    for (const target of targets) expect(target.height).toBeGreaterThanOrEqual(44);
    await page.close();
  });

  it("says 'Failed to load user' with a retry when the account check fails", async () => {
    for (const language of languages) {
      const page = await driver.newPage();
      // No copy of the account kept for offline reading: that one would be shown instead.
      await page.addInitScript(() => localStorage.removeItem('saathi.savedReading'));
      await page.route('**/api/v1/me', (route) =>
        route.fulfill({
          status: 500,
          json: { success: false, code: 'server_error', message: 'Something went wrong' },
        }),
      );
      await page.goto('/terms');
      await page.evaluate((l) => localStorage.setItem('saathi.language', l), language);
      await page.goto('/my/profile');
      const text = language === 'hi' ? 'यूज़र लोड नहीं हो पाया' : 'Failed to load user';
      await page.getByRole('alert').getByText(text).waitFor();
      await screenshot(page, `gaps-profile-failed-${language}`);
      await page.unroute('**/api/v1/me');
      await page
        .getByRole('alert')
        .getByRole('button', { name: language === 'hi' ? 'फिर से कोशिश करें' : 'Try again' })
        .click();
      await page.getByTestId('my-name').waitFor();
      expect(await page.getByTestId('my-name').textContent()).toBe('Ramesh Kumar');
      await page.close();
    }
  });

  it('reads team names, businesses, categories and the Dhuhr tabs in Hindi', async () => {
    for (const language of languages) {
      const hindi = language === 'hi';
      const help = await inLanguage(driver, language, '/help');
      await help
        .getByRole('button', { name: hindi ? 'हमारी टीम को कॉल करें' : 'Call Our Team' })
        .click();
      await help
        .getByRole('dialog')
        .getByText(hindi ? 'सहायता टीम' : 'Support Team')
        .waitFor();
      await screenshot(help, `gaps-team-${language}`);
      await help.close();

      const business = await inLanguage(driver, language, '/business');
      await business
        .getByRole('heading', {
          name: hindi ? 'शर्मा टायर और पंक्चर वर्क्स' : 'Sharma Tyre & Puncture Works',
        })
        .waitFor();
      await business
        .getByText(hindi ? 'टायर और पंक्चर' : 'Tyres & puncture', { exact: true })
        .waitFor();
      await screenshot(business, `gaps-business-${language}`);
      await business.close();

      const salah = await inLanguage(driver, language, '/salah');
      const tabs = salah.getByRole('tab');
      await tabs.first().waitFor();
      expect(await tabs.allTextContents()).toEqual(
        hindi ? ['अंग्रेज़ी', 'अरबी', 'हिंदी'] : ['EN', 'AR', 'HI'],
      );
      await screenshot(salah, `gaps-salah-${language}`);
      await salah.close();
    }
  });

  it('lets the admin give a Hindi name and pick a translated category', async () => {
    for (const language of languages) {
      const page = await inLanguage(admin, language, '/admin/content');
      const hindi = language === 'hi';
      await page.getByRole('button', { name: hindi ? 'व्यवसाय जोड़ें' : 'Add business' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(hindi ? 'हिंदी में नाम (वैकल्पिक)' : 'Name in Hindi (optional)').waitFor();
      // A select's name also holds its chosen option: 'Category Choose a category'.
      await dialog
        .getByRole('combobox', { name: new RegExp(`^${hindi ? 'श्रेणी' : 'Category'}`) })
        .selectOption('dhaba');
      await dialog.getByRole('combobox').first().scrollIntoViewIfNeeded();
      await screenshot(page, `gaps-admin-business-${language}`);
      await page.close();

      const team = await inLanguage(admin, language, '/admin/help');
      const hindiName = team.getByLabel(
        hindi ? 'हिंदी में टीम का नाम (वैकल्पिक)' : 'Team name in Hindi (optional)',
      );
      await hindiName.first().scrollIntoViewIfNeeded();
      await screenshot(team, `gaps-admin-team-${language}`);
      await team.close();
    }
  });
});
