import { useEffect, useId, type ReactNode } from 'react';

interface SheetProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Tailwind max-height of the panel; the comments sheet keeps the video in sight. */
  maxHeight?: string;
}

/** A bottom sheet over the current screen; a tap or touch outside it closes it. */
export function Sheet({ title, onClose, children, maxHeight = 'max-h-[80%]' }: SheetProps) {
  const id = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="absolute inset-0 z-30 flex flex-col justify-end">
      <div
        aria-hidden
        data-testid="sheet-backdrop"
        className="absolute inset-0 bg-black/30"
        onPointerDown={onClose}
      />
      <div
        role="dialog"
        aria-labelledby={`${id}-title`}
        className={`relative flex ${maxHeight} w-full flex-col rounded-t-2xl bg-white text-stone-900 shadow-2xl`}
      >
        <h2 id={`${id}-title`} className="px-4 pt-3 pb-2 text-lg font-bold">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
