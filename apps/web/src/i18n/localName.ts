import { useTranslation } from 'react-i18next';

/** A name the team entered in English, with the Hindi twin admins may add (issue #16). */
interface Named {
  name: string;
  nameHi: string | null;
}

/** The Hindi name for readers in Hindi when there is one; the English name otherwise. */
export function localName(item: Named, language: string): string {
  return language === 'hi' && item.nameHi ? item.nameHi : item.name;
}

/** `localName` in the current language, re-rendering when the reader switches language. */
export function useLocalName(): (item: Named) => string {
  const { i18n } = useTranslation();
  return (item) => localName(item, i18n.language);
}
