import { useTranslation } from 'react-i18next';
import { languages, setLanguage, type Language } from '../i18n/language';

const names: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('app.language')} className="flex rounded-full bg-stone-100 p-1">
      {languages.map((language) => {
        const active = i18n.language === language;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={active}
            onClick={() => setLanguage(language)}
            // 44 px: the smallest target a thumb on a moving cab's phone reliably hits (WCAG 2.5.5).
            className={`min-h-11 min-w-11 rounded-full px-3 text-sm font-semibold ${active ? 'bg-brand text-white' : 'text-stone-700'}`}
          >
            {names[language]}
          </button>
        );
      })}
    </div>
  );
}
