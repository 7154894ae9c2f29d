import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Mail, ShieldAlert } from 'lucide-react';
import { appCalls } from '@saathi/contract';
import type { BlockedAccount } from '../../api/blocked';
import { request } from '../../api/client';
import { appConfigKeys } from '../../api/keys/appConfigKeys';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/PageTitle';
import { formatDate } from '../../ui/formatDate';
import { logout } from './logout';

function supportLink(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Spec 001: replaces every route while the signed-in account is blocked. */
export function BlockedScreen({ account }: { account: BlockedAccount }) {
  const { t, i18n } = useTranslation();
  const config = useQuery({
    queryKey: appConfigKeys.all,
    queryFn: ({ signal }) => request(appCalls.publicConfig, { signal }),
    staleTime: Infinity,
  });
  const unknown = t('blocked.unknown');
  const rows = [
    [t('blocked.name'), account.name ?? unknown],
    [t('blocked.phone'), account.number ?? unknown],
    [
      t('blocked.blockedOn'),
      account.blockedAt ? formatDate(account.blockedAt, i18n.language) : unknown,
    ],
  ] as const;
  const body = t('blocked.mailBody', { name: account.name ?? '', number: account.number ?? '' });

  return (
    <section className="mx-auto flex w-full max-w-md flex-col items-center gap-5 px-4 py-8 text-center">
      <ShieldAlert aria-hidden className="size-16 text-red-600" />
      <PageTitle>{t('blocked.title')}</PageTitle>
      <p className="text-lg text-stone-700">{t('blocked.message')}</p>
      <dl className="w-full divide-y divide-stone-200 rounded-xl border-2 border-stone-200 bg-white text-left">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-3">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-semibold break-all text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      {config.data ? (
        <a
          href={supportLink(config.data.supportEmail, t('blocked.mailSubject'), body)}
          className="flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-brand px-5 text-base font-semibold text-white"
        >
          <Mail aria-hidden className="size-5" />
          {t('blocked.contact')}
        </a>
      ) : (
        <Button block disabled loading={config.isPending}>
          {t('blocked.contact')}
        </Button>
      )}
      <p className="text-base text-stone-700">{t('blocked.review')}</p>
      <Button variant="secondary" block onClick={() => void logout()}>
        {t('blocked.signOut')}
      </Button>
    </section>
  );
}
