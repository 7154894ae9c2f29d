import { useId, type ReactNode } from 'react';
import { Dialog } from './Dialog';

interface SheetProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Tailwind max-height of the panel; the comments sheet keeps the video in sight. */
  maxHeight?: string;
}

/** A bottom sheet over the current screen; a touch outside it or Escape closes it. */
export function Sheet({ title, onClose, children, maxHeight = 'max-h-[80dvh]' }: SheetProps) {
  const id = useId();
  return (
    <Dialog
      labelledBy={`${id}-title`}
      onClose={onClose}
      closeOutsideOn="pointerdown"
      className="mx-auto mt-auto mb-0 w-full max-w-xl rounded-t-2xl bg-white text-stone-900 shadow-2xl backdrop:bg-black/30"
      bodyClassName={`flex ${maxHeight} flex-col`}
    >
      <h2 id={`${id}-title`} className="px-4 pt-3 pb-2 text-lg font-bold">
        {title}
      </h2>
      {children}
    </Dialog>
  );
}
