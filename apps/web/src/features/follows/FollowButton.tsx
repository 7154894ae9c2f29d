import { useTranslation } from 'react-i18next';
import { UserCheck, UserPlus } from 'lucide-react';
import { Spinner } from '../../ui/Spinner';
import { useFollow } from './useFollow';

interface FollowButtonProps {
  userId: string | undefined;
  /** 'onDark' sits on the video; 'onLight' on white screens. */
  tone?: 'onDark' | 'onLight';
  /**
   * Once following, only the check shows (the word stays for screen readers): on a phone the
   * feed's author card has room for the name or for "फ़ॉलो कर रहे हैं", not both.
   */
  compact?: boolean;
  className?: string;
}

const tones = {
  onDark: {
    follow: 'bg-brand text-white',
    following: 'border-2 border-white/80 bg-black/30 text-white',
  },
  onLight: {
    follow: 'bg-brand text-white',
    following: 'border-2 border-brand bg-white text-brand',
  },
};

/** Follow / Following: hidden for visitors and on one's own posts and profile. */
export function FollowButton({
  userId,
  tone = 'onLight',
  compact = false,
  className = '',
}: FollowButtonProps) {
  const { t } = useTranslation();
  const { visible, following, pending, toggle } = useFollow(userId);
  if (!visible) return null;
  const Icon = following ? UserCheck : UserPlus;
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={pending}
      aria-pressed={following}
      aria-busy={pending}
      className={`inline-flex min-h-11 shrink-0 items-center justify-center gap-1.5 rounded-full px-4 text-sm font-bold disabled:opacity-80 ${following ? tones[tone].following : tones[tone].follow} ${className}`}
    >
      {pending ? <Spinner className="size-4" /> : <Icon aria-hidden className="size-4 shrink-0" />}
      <span className={compact && following ? 'sr-only' : undefined}>
        {following ? t('follows.following') : t('follows.follow')}
      </span>
    </button>
  );
}
