import { useRef, type ReactNode } from 'react';

interface PickButtonProps {
  icon: ReactNode;
  label: string;
  accept: string;
  multiple?: boolean;
  /** Opens the phone's camera straight away instead of the gallery. */
  capture?: boolean;
  onPick: (files: File[]) => void;
}

/** A big button in front of a hidden file input. */
export function PickButton({ icon, label, accept, multiple, capture, onPick }: PickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        className="flex min-h-12 flex-1 items-center justify-center gap-2 rounded-xl border-2 border-brand bg-white px-3 text-base font-semibold text-brand hover:bg-orange-50"
      >
        {icon}
        {label}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        capture={capture ? 'environment' : undefined}
        aria-label={label}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so picking the same file again still fires a change.
          event.target.value = '';
          if (files.length > 0) onPick(files);
        }}
      />
    </>
  );
}
