import { Loader2 } from 'lucide-react';
import type { VoiceStatus } from '@saathi/contract';
import { storedReasonText } from '../../api/storedReasonText';

interface VoicePlayerProps {
  status: VoiceStatus;
  src: string | null;
  failureReason: string | null;
  /** Hindi words agree with the thing: a note and a recording take different endings. */
  processingText: string;
  failedText: string;
}

/** A player that loads nothing until tapped (data saving), or why there is none yet. */
export function VoicePlayer({
  status,
  src,
  failureReason,
  processingText,
  failedText,
}: VoicePlayerProps) {
  if (status === 'ready' && src) {
    return <audio controls preload="none" src={src} className="w-full" />;
  }
  if (status === 'processing') {
    return (
      <p className="flex items-center gap-2 text-sm text-stone-600">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {processingText}
      </p>
    );
  }
  return (
    <p className="text-sm text-red-700">
      {failedText}
      {failureReason ? `: ${storedReasonText(failureReason)}` : ''}
    </p>
  );
}
