import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages, notificationTitles } from '@saathi/contract';
import en from './en.json';
import hi from './hi.json';
import directoryEn from './directory.en.json';
import directoryHi from './directory.hi.json';
import idcardEn from './idcard.en.json';
import idcardHi from './idcard.hi.json';
import vaultEn from './vault.en.json';
import vaultHi from './vault.hi.json';
import { applyDocumentLanguage, type Language } from './language';

/**
 * English server messages and the notification titles in both languages come from the
 * contract, so the app, the server and Web Push can never disagree.
 */
const english = {
  ...en,
  errors: { ...messages, ...en.errors },
  notifications: { ...en.notifications, kind: notificationTitles.en },
};
const hindi = { ...hi, notifications: { ...hi.notifications, kind: notificationTitles.hi } };

export function setupI18n(language: Language): typeof i18n {
  i18n.on('languageChanged', applyDocumentLanguage);
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: {
      en: { translation: english, vault: vaultEn, idcard: idcardEn, directory: directoryEn },
      hi: { translation: hindi, vault: vaultHi, idcard: idcardHi, directory: directoryHi },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(language);
  return i18n;
}
