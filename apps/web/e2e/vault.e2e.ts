import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pngImage } from '../../server/test/fixtures.js';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The smallest file a PDF reader accepts: one empty page. */
const tinyPdf = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

beforeAll(async () => {
  server = await startE2eServer();
  browser = await sharedBrowser();
  context = await phoneContext(browser, server.url);
  page = await context.newPage();
  await signIn(page, '+91 9000000002', 'Driver@1234');
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
});

async function pickFile(name: string, mimeType: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose File' }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
  await page.getByTestId('picked-file').waitFor();
}

async function addDocument(
  type: string,
  name: string,
  file: [string, string, Buffer],
  expiresOn?: string,
) {
  await page.getByRole('button', { name: 'Add New Document' }).click();
  await page.getByLabel('Document Type *').selectOption(type);
  await page.getByLabel('Document Name *').fill(name);
  await page.getByLabel('Description').fill(`${name} for the check post`);
  if (expiresOn) await page.getByLabel('Expiry Date (optional)').fill(expiresOn);
  await pickFile(...file);
  await page.getByRole('button', { name: 'Add Document', exact: true }).click();
  await page.getByText('Document added successfully!').first().waitFor();
  await page.getByRole('heading', { name: 'Personal Documents' }).waitFor();
  await page.getByText(name, { exact: true }).waitFor();
}

describe('personal documents vault and driver ID card', () => {
  it('unlocks the vault, adds, lists, counts, opens and deletes documents', async () => {
    await page.goto('/my/profile');
    const documents = page.getByRole('button', { name: /Personal Documents/ });
    await documents.waitFor();
    await page.getByTestId('documents-count').filter({ hasText: '0' }).waitFor();
    await screenshot(page, 'vault-profile');
    await documents.click();

    await page.getByRole('heading', { name: 'Privacy Notice' }).waitFor();
    await screenshot(page, 'vault-notice');
    await page.getByRole('button', { name: 'I Understand, Continue' }).click();
    await page.getByRole('heading', { name: 'Enter Password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText('Please enter your password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText('Invalid password').waitFor();
    // A wrong vault password must not sign the driver out.
    expect((await context.cookies()).some((c) => c.name === 'Token')).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('Driver@1234');
    await screenshot(page, 'vault-password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('heading', { name: 'Personal Documents' }).waitFor();

    await page.getByRole('button', { name: 'Add New Document' }).click();
    await page.getByRole('button', { name: 'Add Document', exact: true }).click();
    await page.getByText('Please fill all required fields').waitFor();
    await screenshot(page, 'vault-add-form');
    await page.getByRole('button', { name: 'Back' }).click();

    // 12 days ahead on the phone's (Indian) calendar.
    const soon = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
      new Date(Date.now() + 12 * 24 * 3600_000),
    );
    await addDocument(
      'Driving License',
      'Licence front',
      ['licence.pdf', 'application/pdf', tinyPdf],
      soon,
    );
    await addDocument('Aadhar', 'Aadhar photo', ['aadhar.png', 'image/png', pngImage(60, 40)]);
    await expect.poll(() => page.getByTestId('document-row').count()).toBe(2);
    await page.getByText(/Expires in 1\d days/).waitFor();
    await screenshot(page, 'vault-list');

    await page.getByRole('button', { name: 'Open: Aadhar photo' }).click();
    const image = page.getByTestId('document-image');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(60);
    await page.getByRole('button', { name: 'Close' }).last().click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Open: Licence front' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe('licence.pdf');
    const pdfBytes = await readFile((await pdf.path()) ?? '');
    expect(pdfBytes.equals(tinyPdf)).toBe(true);

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to delete this document?');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete: Licence front' }).click();
    await page.getByText('Document deleted successfully!').first().waitFor();
    await expect.poll(() => page.getByTestId('document-row').count()).toBe(1);

    await page.getByRole('button', { name: 'Close' }).last().click();
    await page.getByTestId('documents-count').filter({ hasText: '1' }).waitFor();
    // Still unlocked in this page: straight to the list, no notice.
    await documents.click();
    await page.getByRole('heading', { name: 'Personal Documents' }).waitFor();
    await page.getByRole('button', { name: 'Lock' }).click();
    await page.getByRole('heading', { name: 'Enter Password' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('applies for the ID card, shows both sides and downloads a 680 px PNG', async () => {
    await page.goto('/my/profile');
    await page.getByRole('button', { name: 'Apply for Id card' }).click();
    await page.getByRole('heading', { name: 'Apply for Driver ID Card' }).waitFor();
    expect(await page.getByLabel('Designation *').inputValue()).toBe('Driver');
    expect(await page.getByLabel('Mobile Number *').inputValue()).toContain('9000000002');
    await page.getByLabel('Full Name *').fill('Ramesh Kumar');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Please fill in every field of the card').waitFor();
    await screenshot(page, 'idcard-form-errors');

    await page.getByLabel("Father's Name *").fill('Suresh Kumar');
    await page.getByLabel('Driving Licence Number *').fill('MH1220110012345');
    await page.getByLabel('Police Station *').fill('Panvel City');
    await page.getByLabel('City *').fill('Panvel');
    await page.getByLabel('State *').fill('Maharashtra');
    await page.getByLabel('Blood Group *').selectOption('B+');
    await page.getByLabel('Date of Birth *').fill('1985-04-12');
    await page.getByLabel('Address *').fill('12 Station Road, Panvel');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Please add a photo for the card').waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Gallery' }).click();
    await (
      await chooser
    ).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngImage(120, 150) });
    await page.getByRole('img', { name: 'Photo for the card' }).waitFor();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();

    const front = page.getByTestId('card-front');
    await front.waitFor();
    expect((await front.boundingBox())?.width).toBe(340);
    expect(await page.getByTestId('card-validity').textContent()).toMatch(
      /^Valid: 36[56] days left$/,
    );
    const qr = page.getByRole('img', { name: /QR code to verify card \d{5}/ });
    const verifyUrl = (await qr.getAttribute('data-qr-text')) ?? '';
    const cardNo = /\/driver-id\/(\d{5})$/.exec(verifyUrl)?.[1];
    expect(cardNo).toBeTruthy();
    await screenshot(page, 'idcard-front');

    await page.getByRole('button', { name: 'Show Back' }).click();
    await page
      .getByTestId('card-back')
      .getByText('Saathi Drivers Community', { exact: true })
      .waitFor();
    await page.getByText('This card is valid for 1 year from the date of issue.').waitFor();
    await screenshot(page, 'idcard-back');
    await page.getByRole('button', { name: 'Show Front' }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Card' }).click();
    const png = await download;
    expect(png.suggestedFilename()).toBe('driver-id-card.png');
    const bytes = await readFile((await png.path()) ?? '');
    expect(pngSize(bytes)).toEqual({ width: 680, height: 432 });
    // Kept beside the screenshots so a person can compare the download with the screen.
    const shots = fileURLToPath(new URL('../../../test-results/e2e', import.meta.url));
    await mkdir(shots, { recursive: true });
    await writeFile(`${shots}/idcard-download.png`, bytes);

    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'View ID Card' }).waitFor();

    // The QR code's page, for whoever scans it: no sign-in, nothing private.
    const visitor = await phoneContext(browser, server.url);
    const check = await visitor.newPage();
    await check.goto(new URL(verifyUrl).pathname);
    await check.getByTestId('verify-status').getByText('VALID', { exact: true }).waitFor();
    await check.getByText('Ramesh Kumar').waitFor();
    const text = (await check.locator('main').textContent()) ?? '';
    for (const secret of [
      'Suresh Kumar',
      'Station Road',
      '1985',
      'B+',
      'Panvel City',
      'MH1220110012345',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(await check.getByRole('link', { name: 'Feed' }).count()).toBe(0);
    await screenshot(check, 'idcard-verify');
    await check.goto('/driver-id/99999');
    await check.getByText('No ID card found').waitFor();
    await visitor.close();
  });

  it('reads well in Hindi', async () => {
    await page.evaluate(() => localStorage.setItem('saathi.language', 'hi'));
    await page.goto('/my/profile');
    await page.getByRole('button', { name: /निजी दस्तावेज़/ }).click();
    await page.getByRole('heading', { name: 'गोपनीयता सूचना' }).waitFor();
    await screenshot(page, 'vault-notice-hi');
    await page.getByRole('button', { name: 'मैं समझ गया, आगे बढ़ें' }).click();
    await page.getByLabel('पासवर्ड', { exact: true }).fill('Driver@1234');
    await page.getByLabel('पासवर्ड', { exact: true }).press('Enter');
    await page.getByRole('heading', { name: 'निजी दस्तावेज़' }).waitFor();
    await page.getByTestId('document-row').first().waitFor();
    await screenshot(page, 'vault-list-hi');
    await page.getByRole('button', { name: 'बंद करें' }).last().click();
    await page.getByRole('button', { name: 'ID कार्ड देखें' }).click();
    await page.getByTestId('card-front').waitFor();
    await screenshot(page, 'idcard-front-hi');
    await page.getByRole('button', { name: 'पीछे का हिस्सा देखें' }).click();
    await screenshot(page, 'idcard-back-hi');
    await page.evaluate(() => localStorage.setItem('saathi.language', 'en'));
  });
});
