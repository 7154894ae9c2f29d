import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { VoiceNote } from '@saathi/contract';
import { Avatar } from '../../ui/Avatar';
import { formatRelative } from '../../ui/formatDate';
import { clock } from './useRecorder';
import { VoicePlayer } from './VoicePlayer';

interface VoiceNoteItemProps {
  note: VoiceNote;
  mine: boolean;
  onDelete: (note: VoiceNote) => void;
}

/** One note: author, time, and its player. */
export function VoiceNoteItem({ note, mine, onDelete }: VoiceNoteItemProps) {
  const { t, i18n } = useTranslation('voice');
  const when = formatRelative(note.createdAt, i18n.language);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3">
      <div className="flex items-center gap-2">
        <Avatar src={note.user.profileImage.url} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-stone-900">
            {mine ? t('chat.you') : note.user.name}
          </p>
          <p className="text-sm text-stone-600">
            <time dateTime={note.createdAt}>{when}</time>
            {note.duration !== null && ` · ${clock(Math.round(note.duration))}`}
          </p>
        </div>
        {mine && (
          <button
            type="button"
            onClick={() => onDelete(note)}
            aria-label={t('chat.deleteLabel', { time: when })}
            className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden className="size-5" />
          </button>
        )}
      </div>
      <VoicePlayer
        status={note.status}
        src={note.url}
        failureReason={note.failureReason}
        processingText={t('chat.processing')}
        failedText={t('chat.failed')}
      />
    </li>
  );
}
