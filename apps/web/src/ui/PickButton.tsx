import { useRef, type ReactNode } from 'react';

interface PickButtonProps {
  icon: ReactNode;
  label: string;
  accept: string;
  multiple?: boolean;
  /** Opens the phone's camera straight away (rear for papers and roads, front for a selfie). */
  capture?: 'user' | 'environment';
  /** Names the hidden input for screen readers and tests; defaults to the button's label. */
  inputLabel?: string;
  /** 'outline' on the post form, 'soft' inside cards of other forms. */
  look?: 'outline' | 'soft';
  disabled?: boolean;
  onPick: (files: File[]) => void;
}

const looks = {
  outline: 'flex-1 border-2 border-brand bg-white px-3 text-base hover:bg-orange-50',
  soft: 'justify-center bg-orange-50 px-2',
};

/** A big button in front of a hidden file input: one of FilePicker's sources. */
export function PickButton({
  icon,
  label,
  accept,
  multiple,
  capture,
  inputLabel,
  look = 'outline',
  disabled,
  onPick,
}: PickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        className={`flex min-h-12 items-center justify-center gap-2 rounded-xl font-semibold text-brand disabled:opacity-50 ${looks[look]}`}
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
        capture={capture}
        aria-label={inputLabel ?? label}
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
