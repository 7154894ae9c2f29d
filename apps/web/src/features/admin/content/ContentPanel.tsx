import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { answerText, errorText } from '../../../api/errorText';
import { Button } from '../../../ui/Button';
import { showToast } from '../../../ui/toastStore';
import { LoadFailed } from '../ListStates';
import { Empty, Loading } from '../../../ui/ListStates';
import { ConfirmDelete } from './ConfirmDelete';

interface ContentPanelProps<T extends { _id: string }> {
  list: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  items: T[] | undefined;
  addLabel: string;
  emptyText: string;
  listClassName: string;
  deleteTitle: (item: T) => string;
  remove: UseMutationResult<{ message: string; code: string }, Error, string>;
  /** One item as a list entry; `actions` are its Edit and Delete buttons. */
  renderItem: (item: T, actions: ReactNode) => ReactNode;
  /** The add form (item null) or the edit form. */
  renderForm: (item: T | null, onClose: () => void) => ReactNode;
}

/** A list of things drivers see (businesses, cautions) with add, edit and delete. */
export function ContentPanel<T extends { _id: string }>(props: ContentPanelProps<T>) {
  const { t } = useTranslation('admin-content');
  const { list, remove } = props;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  if (list.isPending) return <Loading />;
  if (list.isError || !props.items) {
    return (
      <LoadFailed
        error={list.error}
        fallbackKey="admin-content:loadFailed"
        onRetry={() => void list.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <Button onClick={() => setEditing('new')} className="self-start">
        <Plus aria-hidden className="size-5" />
        {props.addLabel}
      </Button>
      {props.items.length === 0 && <Empty text={props.emptyText} />}
      <ul className={props.listClassName}>
        {props.items.map((item) =>
          props.renderItem(
            item,
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => setEditing(item)}>
                {t('edit')}
              </Button>
              <Button
                variant="secondary"
                className="border-red-700! text-red-700!"
                onClick={() => setDeleting(item)}
              >
                {t('delete')}
              </Button>
            </div>,
          ),
        )}
      </ul>
      {editing && props.renderForm(editing === 'new' ? null : editing, () => setEditing(null))}
      {deleting && (
        <ConfirmDelete
          title={props.deleteTitle(deleting)}
          busy={remove.isPending}
          error={remove.error ? errorText(remove.error, 'admin-content:saveFailed') : null}
          onConfirm={() =>
            remove.mutate(deleting._id, {
              onSuccess: (answer) => {
                showToast('success', answerText(answer));
                setDeleting(null);
              },
            })
          }
          onClose={() => {
            setDeleting(null);
            remove.reset();
          }}
        />
      )}
    </div>
  );
}
