import { useId, type TextareaHTMLAttributes } from 'react';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** What is wrong, under the field; `null` keeps its line so the counter does not jump. */
  error?: string | null;
  /** How much is used of the limit ('12/500'), under the field's right edge. */
  counter?: string;
}

/** A labelled multi-line field; marked red while `aria-invalid`, with an error and a counter. */
export function TextArea({
  label,
  error,
  counter,
  rows = 3,
  className = '',
  ...rest
}: TextAreaProps) {
  const id = useId();
  const notes = error !== undefined || counter !== undefined;
  const describedBy =
    [error ? `${id}-error` : '', counter !== undefined ? `${id}-count` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-base font-medium text-stone-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="w-full rounded-xl border-2 border-stone-300 bg-white p-3 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand focus:outline-none aria-invalid:border-red-600"
        {...rest}
      />
      {notes && (
        <div className="flex items-start justify-between gap-2 text-sm">
          <p
            id={`${id}-error`}
            role={error ? 'alert' : undefined}
            className="font-medium text-red-700"
          >
            {error}
          </p>
          {counter !== undefined && (
            <p id={`${id}-count`} className="shrink-0 text-stone-600">
              {counter}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
