import i18n from 'i18next';

export const languages = ['en', 'hi'] as const;
export type Language = (typeof languages)[number];

const storageKey = 'saathi.language';

function isLanguage(value: string | null): value is Language {
  return value !== null && (languages as readonly string[]).includes(value);
}

/** The saved choice first, then the phone's language, so Hindi phones open in Hindi. */
export function initialLanguage(): Language {
  const saved = localStorage.getItem(storageKey);
  if (isLanguage(saved)) return saved;
  return navigator.language.toLowerCase().startsWith('hi') ? 'hi' : 'en';
}

export function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

export function setLanguage(language: Language): void {
  localStorage.setItem(storageKey, language);
  void i18n.changeLanguage(language);
}
