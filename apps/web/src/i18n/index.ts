import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, type Language } from './language';
import { textsBackend } from './loadTexts';

/**
 * Starts i18next in the given language and resolves once its common texts are in. Each feature
 * keeps its texts in `<namespace>.<language>.json` and reads them with useTranslation('<namespace>'),
 * which waits (Suspense) until the file has arrived, so no raw key ever shows. There is no fallback
 * language: the catalogue tests hold both languages to the same keys, and a Hindi phone should not
 * download the English texts too. `bundled` hands every text over at once (the component tests).
 */
export function setupI18n(language: Language, bundled?: Resource): Promise<unknown> {
  i18n.on('languageChanged', applyDocumentLanguage);
  applyDocumentLanguage(language);
  return i18n
    .use(textsBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      ns: bundled ? Object.keys(bundled[language] ?? {}) : ['translation'],
      resources: bundled,
      initAsync: !bundled,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}
