import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages } from '@saathi/contract';
import en from './en.json';
import hi from './hi.json';
import { applyDocumentLanguage, type Language } from './language';

/** English server messages come from the contract, so the two can never disagree. */
const english = { ...en, errors: { ...messages, ...en.errors } };

export function setupI18n(language: Language): typeof i18n {
  i18n.on('languageChanged', applyDocumentLanguage);
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: english }, hi: { translation: hi } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(language);
  return i18n;
}
