import { Trash2 } from 'lucide-react';

/** The red 'Remove' beside a picked file or photo, which gives the pickers back. */
export function RemoveFileButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      onClick={onRemove}
      className="flex min-h-12 shrink-0 items-center gap-2 rounded-xl px-3 font-semibold text-red-700 hover:bg-red-50"
    >
      <Trash2 aria-hidden className="size-5" />
      {label}
    </button>
  );
}
