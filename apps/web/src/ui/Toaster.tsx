import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useTopDialog } from './openDialogs';
import { dismissToast, useToasts, type ToastItem, type ToastPlacement } from './toastStore';

const placements: Record<ToastPlacement, string> = {
  'top-right': 'top-2 md:top-4',
  // Above the bottom navigation bar on phones.
  'bottom-right': 'bottom-20 md:bottom-4',
};

function ToastCard({ toast }: { toast: ToastItem }) {
  const { t } = useTranslation();
  const error = toast.kind === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={`pointer-events-auto flex items-start gap-3 rounded-xl border-l-4 bg-white p-3 text-base text-stone-900 shadow-lg ${error ? 'border-red-600' : 'border-green-600'}`}
    >
      {error ? (
        <CircleAlert aria-hidden className="mt-0.5 size-6 shrink-0 text-red-600" />
      ) : (
        <CircleCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-green-600" />
      )}
      <p className="flex-1 py-0.5">{toast.text}</p>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label={t('app.dismiss')}
        className="-m-2 flex size-11 shrink-0 items-center justify-center text-stone-500"
      >
        <X className="size-5" />
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useToasts();
  // A modal dialog makes the rest of the page inert and covers it: toasts then live inside it.
  const host = useTopDialog();
  const stacks = (
    <>
      {(Object.keys(placements) as ToastPlacement[]).map((placement) => (
        <div
          key={placement}
          className={`pointer-events-none fixed inset-x-2 z-50 flex flex-col gap-2 md:left-auto md:right-4 md:w-96 ${placements[placement]}`}
        >
          {toasts
            .filter((toast) => toast.placement === placement)
            .map((toast) => (
              <ToastCard key={toast.id} toast={toast} />
            ))}
        </div>
      ))}
    </>
  );
  return host ? createPortal(stacks, host) : stacks;
}
