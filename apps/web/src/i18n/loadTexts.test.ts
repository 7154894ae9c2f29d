// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { messages, notificationTitles } from '@saathi/contract';
import { loadTexts, textsBackend, textsFile } from './loadTexts';

describe('translations loaded per language and per feature', () => {
  it('names one file per language and namespace', () => {
    expect(textsFile('hi', 'translation')).toBe('./hi.json');
    expect(textsFile('en', 'vault')).toBe('./vault.en.json');
  });

  it("gives English the contract's server messages and each language its notification titles", async () => {
    const en = await loadTexts('en', 'translation');
    const hi = await loadTexts('hi', 'translation');
    expect(en.errors).toMatchObject(messages);
    expect((hi.errors as Record<string, string>).network).not.toBe(
      (en.errors as Record<string, string>).network,
    );
    expect((hi.notifications as { kind: unknown }).kind).toEqual(notificationTitles.hi);
  });

  it('refuses a namespace that has no file', async () => {
    await expect(loadTexts('en', 'nothing')).rejects.toThrow('No nothing texts in en');
  });

  it('loads only the language in use, and a namespace when asked, also after a switch', async () => {
    const i18n = createInstance();
    await i18n.use(textsBackend).init({ lng: 'hi', fallbackLng: false, ns: ['translation'] });
    expect(i18n.t('app.name')).toBe('साथी');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('hi', 'vault')).toBe(false);
    await i18n.loadNamespaces('vault');
    expect(i18n.hasResourceBundle('hi', 'vault')).toBe(true);
    await i18n.changeLanguage('en');
    expect(i18n.hasResourceBundle('en', 'vault')).toBe(true);
    expect(i18n.t('list.deleteConfirm', { ns: 'vault' })).toBe(
      'Are you sure you want to delete this document?',
    );
  });
});
