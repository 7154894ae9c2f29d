import { useId, type ReactNode } from 'react';
import { PickButton } from './PickButton';

/** One way to pick: the camera, the gallery or the file manager, by what it accepts. */
export interface PickSource {
  icon: ReactNode;
  label: string;
  accept: string;
  multiple?: boolean;
  /** Opens the phone's camera straight away (rear for papers and roads, front for a selfie). */
  capture?: 'user' | 'environment';
}

interface FilePickerProps {
  /** Names the group and each hidden input; a form with a single picker may leave it out. */
  legend?: string;
  sources: readonly PickSource[];
  hint?: string;
  error?: string | null;
  /** What is picked so far (previews), shown above the buttons. */
  children?: ReactNode;
  /** A picker that holds one file swaps its buttons for what was picked. */
  picked?: ReactNode;
  /** 'outline' on the post form, 'soft' inside cards of other forms. */
  look?: 'outline' | 'soft';
  /** A bordered card, red while it has an error: the sign-up form's identity photos. */
  framed?: boolean;
  disabled?: boolean;
  /** `source` is the index in `sources` of the button used. */
  onPick: (files: File[], source: number) => void;
}

/** Every file choice in the app: a legend, camera and gallery buttons, previews and the error. */
export function FilePicker({
  legend,
  sources,
  hint,
  error,
  children,
  picked,
  look = 'soft',
  framed,
  disabled,
  onPick,
}: FilePickerProps) {
  const id = useId();
  const frame = framed
    ? `rounded-xl border-2 p-3 ${error ? 'border-red-600' : 'border-stone-300'}`
    : '';
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      className={`flex flex-col gap-2 ${frame}`}
    >
      {legend && (
        <legend className={`text-base font-medium text-stone-800 ${framed ? 'px-1' : 'mb-1'}`}>
          {legend}
        </legend>
      )}
      {hint && <p className="text-sm text-stone-600">{hint}</p>}
      {children}
      {picked ?? (
        <div className="grid grid-cols-2 gap-2">
          {sources.map((source, index) => (
            <PickButton
              key={source.label}
              {...source}
              look={look}
              disabled={disabled}
              inputLabel={legend ? `${legend}: ${source.label}` : source.label}
              onPick={(files) => onPick(files, index)}
            />
          ))}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
