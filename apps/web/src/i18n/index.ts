import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages, notificationNotices, notificationTitles } from '@saathi/contract';
import en from './en.json';
import hi from './hi.json';
import { applyDocumentLanguage, type Language } from './language';

/**
 * English server messages and the notification titles and notices in both languages come from the
 * contract, so the app, the server and Web Push can never disagree.
 */
const english = {
  ...en,
  errors: { ...messages, ...en.errors },
  notifications: {
    ...en.notifications,
    kind: notificationTitles.en,
    notice: notificationNotices.en,
  },
};
const hindi = {
  ...hi,
  notifications: {
    ...hi.notifications,
    kind: notificationTitles.hi,
    notice: notificationNotices.hi,
  },
};

/**
 * Each feature keeps its texts in `<namespace>.<language>.json` beside the others and reads
 * them with useTranslation('<namespace>'); adding a file is all it takes.
 */
const featureFiles = import.meta.glob<{ default: Record<string, unknown> }>('./*.*.json', {
  eager: true,
});
function featureNamespaces(language: Language): Record<string, Record<string, unknown>> {
  const found: Record<string, Record<string, unknown>> = {};
  for (const [path, file] of Object.entries(featureFiles)) {
    const match = /^\.\/(\w[\w-]*)\.(\w+)\.json$/.exec(path);
    if (match?.[2] === language) found[match[1] as string] = file.default;
  }
  return found;
}

export function setupI18n(language: Language): typeof i18n {
  i18n.on('languageChanged', applyDocumentLanguage);
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: {
      en: { ...featureNamespaces('en'), translation: english },
      hi: { ...featureNamespaces('hi'), translation: hindi },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(language);
  return i18n;
}
