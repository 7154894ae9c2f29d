import { useEffect, useId, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  subtitle?: string;
  onClose: () => void;
  children: ReactNode;
}

/** A centred dialog; tapping the dimmed page or pressing Escape closes it. */
export function Modal({ title, subtitle, onClose, children }: ModalProps) {
  const id = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-3 sm:items-center">
      <div aria-hidden className="absolute inset-0 bg-black/60" onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="relative flex max-h-[90dvh] w-full max-w-md flex-col gap-3 overflow-y-auto rounded-2xl bg-white p-5 text-stone-900 shadow-xl"
      >
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {title}
        </h2>
        {subtitle && <p className="text-base text-stone-700">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}
