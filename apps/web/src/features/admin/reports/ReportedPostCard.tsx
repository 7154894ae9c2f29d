import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Siren } from 'lucide-react';
import type { ReportedPost } from '@saathi/contract';
import { answerText, errorText } from '../../../api/errorText';
import { Button } from '../../../ui/Button';
import { showToast } from '../../../ui/toastStore';
import { formatDateTime } from '../../../ui/formatDate';
import { TimeAgo } from '../../../ui/TimeAgo';
import { Badge } from '../../../ui/Badge';
import { ReasonDialog } from '../ReasonDialog';
import { useReportAction, type ReportAction } from './reportsApi';

type Kind = ReportAction['kind'];

/** One reported post: playable inline, every reason with its reporter, and the decisions. */
export function ReportedPostCard({ item }: { item: ReportedPost }) {
  const { t, i18n } = useTranslation('admin-reports');
  const action = useReportAction(item.post._id);
  const [asking, setAsking] = useState<Kind | null>(null);
  const { post } = item;
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  const confirm = (reason: string) => {
    if (!asking) return;
    action.mutate(
      { kind: asking, reason },
      {
        onSuccess: (answer) => {
          showToast('success', answerText(answer));
          setAsking(null);
        },
      },
    );
  };

  return (
    <article
      data-testid="reported-post"
      className={`flex flex-col gap-3 rounded-2xl border-2 bg-white p-3 shadow-sm ${
        post.emergency ? 'border-red-600' : 'border-stone-200'
      }`}
    >
      <header className="flex flex-wrap items-center gap-2">
        {post.emergency && (
          <Badge tone="alarm">
            <Siren aria-hidden className="size-4" />
            {t('emergency')}
          </Badge>
        )}
        <Badge tone="amber">{t('reportCount', { count: item.reportCount })}</Badge>
        <Link
          to={`/admin/users/${post.user._id}`}
          className="min-h-11 content-center font-semibold text-emerald-800 underline"
        >
          {post.user.name}
        </Link>
      </header>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="w-full shrink-0 sm:w-56">
          {post.video ? (
            <video
              controls
              preload="metadata"
              playsInline
              poster={post.video.posterUrl}
              src={post.video.url}
              className="aspect-[9/16] max-h-96 w-full rounded-xl bg-black object-contain"
            />
          ) : (
            <div className="flex gap-2 overflow-x-auto">
              {post.images.map((image) => (
                <img
                  key={image.url}
                  src={image.url}
                  alt={t('imageAlt')}
                  loading="lazy"
                  className="max-h-96 w-full shrink-0 rounded-xl bg-stone-200 object-contain"
                />
              ))}
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {post.caption && <p className="whitespace-pre-line">{post.caption}</p>}
          <p className="text-sm text-stone-600">
            {post.location} · {when(post.createdAt)}
          </p>
          <h3 className="font-bold">{t('reasons')}</h3>
          <ul className="flex flex-col gap-2">
            {item.reports.map((report) => (
              <li key={report._id} className="rounded-xl bg-stone-100 p-2">
                <p className="whitespace-pre-line">{report.reason}</p>
                <p className="text-sm text-stone-600">
                  <Link to={`/admin/users/${report.reporter._id}`} className="underline">
                    {report.reporter.name}
                  </Link>{' '}
                  · <TimeAgo value={report.createdAt} />
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setAsking('dismiss')}>
          {t('dismiss')}
        </Button>
        <Button className="bg-red-700! hover:bg-red-800!" onClick={() => setAsking('remove')}>
          {t('remove')}
        </Button>
        {item.authorBlocked ? (
          <p className="min-h-11 content-center text-sm text-stone-700">{t('authorBlocked')}</p>
        ) : (
          post.user.usertype !== 'admin' && (
            <Button
              variant="secondary"
              className="border-red-700! text-red-700!"
              onClick={() => setAsking('removeAndBlock')}
            >
              {t('removeAndBlock')}
            </Button>
          )
        )}
      </div>
      {asking && (
        <ReasonDialog
          title={t(`confirm.${asking}.title`)}
          subtitle={t(`confirm.${asking}.subtitle`, { name: post.user.name })}
          confirm={t(`confirm.${asking}.button`)}
          reasonRequired={asking !== 'dismiss'}
          danger={asking !== 'dismiss'}
          busy={action.isPending}
          error={action.error ? errorText(action.error, 'admin-reports:actionFailed') : null}
          onConfirm={confirm}
          onClose={() => {
            setAsking(null);
            action.reset();
          }}
        />
      )}
    </article>
  );
}
