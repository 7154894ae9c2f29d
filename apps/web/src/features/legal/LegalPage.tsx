import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { appCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { appConfigKeys } from '../../api/keys/appConfigKeys';
import { PageTitle } from '../../ui/PageTitle';
import { TextLink } from '../../ui/TextLink';
import { formatDate } from '../../ui/formatDate';

interface LegalSection {
  title: string;
  body: string[];
}

/** Terms and Privacy share one layout; their text lives in the i18n files under `page`. */
export function LegalPage({ page }: { page: 'legal.terms' | 'legal.privacy' }) {
  const { t, i18n } = useTranslation();
  // The spec shows today's date as the 'Last updated' line.
  const [today] = useState(() => new Date());
  const config = useQuery({
    queryKey: appConfigKeys.all,
    queryFn: ({ signal }) => request(appCalls.publicConfig, { signal }),
    staleTime: Infinity,
  });
  const sections = t(`${page}.sections`, { returnObjects: true }) as LegalSection[];

  return (
    <article className="mx-auto flex max-w-2xl flex-col gap-5 px-4 pt-4 pb-10 text-base leading-relaxed">
      <TextLink to="/register">
        <ArrowLeft aria-hidden className="mr-1 size-5" />
        {t('legal.back')}
      </TextLink>
      <header className="flex flex-col gap-1">
        <PageTitle>{t(`${page}.title`)}</PageTitle>
        <p className="text-sm text-stone-600">
          {t('legal.lastUpdated', { date: formatDate(today, i18n.language) })}
        </p>
      </header>
      <p>{t(`${page}.intro`)}</p>
      {sections.map((section, index) => (
        <section key={section.title} className="flex flex-col gap-2">
          <h2 className="text-lg font-bold text-stone-900">
            {index + 1}. {section.title}
          </h2>
          {section.body.map((paragraph) => (
            <p key={paragraph} className="text-stone-800">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      {config.data && (
        <p>
          {t('legal.email')}{' '}
          <a
            href={`mailto:${config.data.supportEmail}`}
            className="font-semibold break-all text-brand underline"
          >
            {config.data.supportEmail}
          </a>
        </p>
      )}
    </article>
  );
}
