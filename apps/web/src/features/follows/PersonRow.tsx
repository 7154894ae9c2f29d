import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonSummary } from '@saathi/contract';
import { Avatar } from '../../ui/Avatar';

interface PersonRowProps {
  person: PersonSummary;
  /** A small line under the name, such as why someone is suggested. */
  note?: string;
  children: ReactNode;
}

/** One person in a list: photo, name, account type, and the row's buttons. */
export function PersonRow({ person, note, children }: PersonRowProps) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-3 py-2">
      <Avatar src={person.profileImage.url} className="size-12" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="line-clamp-2 text-base font-bold break-words">
          {person.name.trim() || t('feed.unknownUser')}
        </span>
        <span className="truncate text-sm text-stone-600">
          {t(`feed.usertype.${person.usertype}`, { defaultValue: t('feed.usertype.user') })}
        </span>
        {note && <span className="text-xs text-stone-500">{note}</span>}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">{children}</div>
    </li>
  );
}
