import { useId, type TextareaHTMLAttributes } from 'react';

/** A labelled multi-line field in the console's dialogs (reasons, notes). */
export function TextArea({
  label,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className="rounded-xl border-2 border-stone-300 p-3 text-base focus:border-emerald-700 focus:outline-none"
        {...rest}
      />
    </>
  );
}
