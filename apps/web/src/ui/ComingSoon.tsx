import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Construction } from 'lucide-react';
import type { TextKey } from '../i18n/resources';
import { PageTitle } from './PageTitle';

interface ComingSoonProps {
  titleKey: TextKey;
  textKey?: TextKey;
}

export function ComingSoon({ titleKey, textKey = 'comingSoon.text' }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-10 text-center">
      <Construction aria-hidden className="size-14 text-brand" />
      <PageTitle>{t(titleKey)}</PageTitle>
      <p className="text-lg text-stone-700">{t(textKey)}</p>
      <Link
        to="/"
        className="flex min-h-12 items-center rounded-xl px-5 text-base font-semibold text-brand underline"
      >
        {t('comingSoon.home')}
      </Link>
    </section>
  );
}
