import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowLeft, FileText } from 'lucide-react';
import type { AdminUserReport } from '@saathi/contract';
import type { TextKey } from '../../../i18n/resources';
import { Avatar } from '../../../ui/Avatar';
import { formatDate } from '../../../ui/formatDate';
import { LoadFailed } from '../ListStates';
import { Loading } from '../../../ui/ListStates';
import { useAdminUser } from '../adminApi';
import { UserActions } from './UserActions';
import { UserBadges } from './UserBadges';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

function Reports({ items, personKey }: { items: AdminUserReport[]; personKey: TextKey<'admin'> }) {
  const { t, i18n } = useTranslation('admin');
  if (items.length === 0) return <p className="text-stone-600">{t('user.none')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {items.map((r) => (
        <li key={r._id} className="border-b border-stone-100 pb-2 last:border-0">
          <p className="font-medium">{r.reason}</p>
          <p className="text-sm text-stone-600">
            {t(personKey, { name: r.person.name })} · {t(`user.reportStatus.${r.status}`)} ·{' '}
            {formatDate(r.createdAt, i18n.language)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** /admin/users/:userId: everything the team needs to decide about one account. */
export function UserScreen() {
  const { t, i18n } = useTranslation('admin');
  const { userId = '' } = useParams();
  const page = useAdminUser(userId);

  if (page.isPending) return <Loading />;
  if (page.isError) {
    return (
      <LoadFailed
        error={page.error}
        fallbackKey="admin:loadFailed"
        onRetry={() => void page.refetch()}
      />
    );
  }
  const { user, posts, reportsAgainst, reportsBy, documents } = page.data;
  return (
    <div className="flex flex-col gap-3">
      <Link
        to="/admin/users"
        className="flex min-h-11 items-center gap-1 font-semibold text-emerald-800"
      >
        <ArrowLeft aria-hidden className="size-5" /> {t('user.back')}
      </Link>
      <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm">
        <div className="flex items-center gap-3">
          <Avatar src={user.profileImage.url} className="size-16" />
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="truncate text-xl font-bold">{user.name}</h1>
            <a href={`tel:${user.number}`} className="text-stone-800 tabular-nums underline">
              {user.number}
            </a>
            <UserBadges user={user} />
          </div>
        </div>
        <p className="text-sm text-stone-600">
          {t('user.joined', { date: formatDate(user.createdAt, i18n.language) })} ·{' '}
          {t('user.followers', { count: user.followersCount })}
        </p>
        {user.verificationNote && (
          <p className="rounded-lg bg-stone-50 p-2">
            {t('user.verificationNote')}: {user.verificationNote}
          </p>
        )}
        {user.blocked && (
          <p role="status" className="rounded-lg bg-red-50 p-2 text-red-900">
            {t('user.blockedSince', {
              date: formatDate(user.block.blockedAt ?? '', i18n.language),
            })}
            {user.block.reason ? ` — ${user.block.reason}` : ''}
          </p>
        )}
        <UserActions user={user} />
      </section>
      {user.usertype === 'driver' || documents.length > 0 ? (
        <Section title={t('user.documents')}>
          {documents.length === 0 ? (
            <p className="text-stone-600">{t('user.none')}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {documents.map((doc) => (
                <li key={doc._id} className="flex flex-col gap-1">
                  <span className="font-medium">{t(`user.documentKinds.${doc.kind}`)}</span>
                  {doc.erasedAt ? (
                    <p data-testid="document-erased" className="text-stone-600">
                      {t('user.documentErased', { date: formatDate(doc.erasedAt, i18n.language) })}
                    </p>
                  ) : doc.mime.startsWith('image/') ? (
                    <a href={doc.url} target="_blank" rel="noreferrer">
                      <img
                        src={doc.url}
                        alt={t(`user.documentKinds.${doc.kind}`)}
                        className="max-h-56 w-full rounded-lg bg-stone-100 object-contain"
                      />
                    </a>
                  ) : (
                    <a
                      href={doc.url}
                      target="_blank"
                      rel="noreferrer"
                      className="flex min-h-11 items-center gap-2 font-semibold text-emerald-800 underline"
                    >
                      <FileText aria-hidden className="size-5" /> {t('user.openDocument')}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}
      <Section title={t('user.posts', { count: posts.length })}>
        {posts.length === 0 ? (
          <p className="text-stone-600">{t('user.none')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {posts.map((p) => (
              <li key={p._id} className="flex items-center gap-3">
                {p.posterUrl ? (
                  <img src={p.posterUrl} alt="" className="size-14 rounded-lg object-cover" />
                ) : (
                  <span className="size-14 rounded-lg bg-stone-200" />
                )}
                <span className="flex min-w-0 flex-col">
                  <span className="truncate">{p.caption || p.location}</span>
                  <span className="text-sm text-stone-600">
                    {formatDate(p.createdAt, i18n.language)} ·{' '}
                    {p.removed ? t('user.postRemoved') : t(`user.postStatus.${p.status}`)}
                    {p.emergency ? ` · ${t('user.emergency')}` : ''}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('user.reportsAgainst')}>
        <Reports items={reportsAgainst} personKey="user.reportedBy" />
      </Section>
      <Section title={t('user.reportsBy')}>
        <Reports items={reportsBy} personKey="user.postBy" />
      </Section>
    </div>
  );
}
