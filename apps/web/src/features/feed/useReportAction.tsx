import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag } from 'lucide-react';
import { refuseOffline } from '../../api/refuseOffline';
import { useTimedFlag } from '../../ui/useTimedFlag';
import { ActionButton } from './ActionButton';
import { ReportModal } from './ReportModal';

/** Spec: the 'reported' flag stays for 3 seconds. */
const reportedMs = 3000;

/**
 * The Report action of a feed item, a video or one image of a post (the spec has people
 * report both): the button for the action column and the modal, which the card draws
 * outside the column so it covers the whole screen.
 */
export function useReportAction(
  postId: string,
  kind: 'video' | 'image',
): { button: ReactNode; modal: ReactNode } {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reported, flashReported] = useTimedFlag(reportedMs);
  return {
    button: (
      <ActionButton
        onClick={() => setOpen(!refuseOffline())}
        disabled={reported}
        caption={reported ? t('feed.reported') : t('feed.report')}
        icon={<Flag aria-hidden className={`size-7 ${reported ? 'fill-white' : ''}`} />}
      />
    ),
    modal: open && (
      <ReportModal
        postId={postId}
        kind={kind}
        onClose={() => setOpen(false)}
        onReported={flashReported}
      />
    ),
  };
}
