import { useId, type ReactNode } from 'react';
import { Dialog } from './Dialog';

interface ModalProps {
  title: string;
  subtitle?: string;
  onClose: () => void;
  children: ReactNode;
}

/** A centred card (at the foot of a phone's screen); tapping the dimmed page or Escape closes it. */
export function Modal({ title, subtitle, onClose, children }: ModalProps) {
  const id = useId();
  return (
    <Dialog
      labelledBy={`${id}-title`}
      onClose={onClose}
      closeOutsideOn="click"
      className="mx-auto mt-auto mb-3 max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-md overflow-y-auto rounded-2xl bg-white text-stone-900 shadow-xl backdrop:bg-black/60 sm:mb-auto"
      bodyClassName="flex flex-col gap-3 p-5"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      {subtitle && <p className="text-base text-stone-700">{subtitle}</p>}
      {children}
    </Dialog>
  );
}
