import { useState, type FormEvent, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendHorizontal, Trash2 } from 'lucide-react';
import { limits, type Comment } from '@saathi/contract';
import { errorText } from '../../api/errorText';
import { refuseOffline } from '../../api/refuseOffline';
import { useToken } from '../../api/token';
import { formatDate } from '../../ui/formatDate';
import { Sheet } from '../../ui/Sheet';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toastStore';
import { useSession } from '../../api/session';
import { canSendComment } from './commentRules';
import { useAddComment, useComments, useDeleteComment } from './comments';

interface CommentsSheetProps {
  postId: string;
  /** The post's count, shown until the list itself has loaded. */
  count: number;
  onClose: () => void;
}

/** Load the next page this close to the end of the list. */
const loadMoreMarginPx = 120;

export function CommentsSheet({ postId, count, onClose }: CommentsSheetProps) {
  const { t, i18n } = useTranslation();
  const token = useToken();
  const { user } = useSession();
  const [text, setText] = useState('');
  const comments = useComments(postId);
  const add = useAddComment(postId);
  const remove = useDeleteComment(postId);
  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  const total = comments.data?.pages[0]?.total ?? count;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSendComment(text, add.isPending)) return;
    if (!token) {
      showToast('error', t('comments.loginToComment'));
      return;
    }
    if (refuseOffline()) return;
    add.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (error) => showToast('error', errorText(error, 'comments.addFailed')),
    });
  }

  function deleteComment(comment: Comment) {
    if (!token) {
      showToast('error', t('comments.loginToDelete'));
      return;
    }
    if (refuseOffline()) return;
    remove.mutate(comment._id, {
      onError: (error) => showToast('error', errorText(error, 'comments.deleteFailed')),
    });
  }

  function onScroll(event: UIEvent<HTMLElement>) {
    const box = event.currentTarget;
    const nearEnd = box.scrollHeight - box.scrollTop - box.clientHeight < loadMoreMarginPx;
    if (nearEnd && comments.hasNextPage && !comments.isFetchingNextPage) {
      void comments.fetchNextPage();
    }
  }

  return (
    <Sheet
      title={t('comments.title', { count: total })}
      onClose={onClose}
      maxHeight="max-h-[40dvh]"
    >
      <ul
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto px-4"
        aria-busy={comments.isPending}
      >
        {comments.isPending && (
          <li className="flex items-center gap-2 py-3 text-stone-600">
            <Spinner /> {t('comments.loading')}
          </li>
        )}
        {comments.isError && <li className="py-3 text-red-700">{t('comments.loadFailed')}</li>}
        {comments.isSuccess && list.length === 0 && (
          <li className="py-3 text-base text-stone-600">{t('comments.empty')}</li>
        )}
        {list.map((comment) => (
          <li key={comment._id} className="flex items-start gap-2 border-b border-stone-100 py-2">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-bold text-stone-900">
                {comment.name.trim() || comment.user.name.trim() || t('comments.anonymous')}
              </p>
              <p className="text-base break-words whitespace-pre-line text-stone-800">
                {comment.comment}
              </p>
              <p className="text-xs text-stone-500">
                {formatDate(comment.createdAt, i18n.language)}
              </p>
            </div>
            {user && comment.user._id === user._id && (
              <button
                type="button"
                onClick={() => deleteComment(comment)}
                disabled={remove.isPending && remove.variables === comment._id}
                aria-label={t('comments.delete')}
                className="flex size-11 shrink-0 items-center justify-center rounded-full text-red-700 hover:bg-red-50 disabled:opacity-50"
              >
                <Trash2 aria-hidden className="size-5" />
              </button>
            )}
          </li>
        ))}
        {comments.isFetchingNextPage && (
          <li className="flex justify-center py-2">
            <Spinner />
          </li>
        )}
      </ul>
      <form onSubmit={submit} className="flex items-center gap-2 border-t border-stone-200 p-3">
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('comments.placeholder')}
          aria-label={t('comments.placeholder')}
          maxLength={limits.commentMax}
          enterKeyHint="send"
          className="min-h-12 min-w-0 flex-1 rounded-full border-2 border-stone-300 px-4 text-base focus:border-brand focus:outline-none"
        />
        <button
          type="submit"
          disabled={!canSendComment(text, add.isPending)}
          aria-label={t('comments.send')}
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand text-white disabled:bg-stone-300"
        >
          {add.isPending ? <Spinner /> : <SendHorizontal aria-hidden className="size-5" />}
        </button>
      </form>
    </Sheet>
  );
}
