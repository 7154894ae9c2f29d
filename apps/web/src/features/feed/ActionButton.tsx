import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: ReactNode;
  /**
   * Shown under the icon: a count or a word. An `aria-label` must contain it as shown (1.5K,
   * not 1540), so speech users can say what they see (WCAG 2.5.3, label in name).
   */
  caption: string;
}

/** A thumb-sized round button of the action column, readable over any video frame. */
export function ActionButton({ icon, caption, className = '', ...rest }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`flex w-18 flex-col items-center gap-0.5 text-white drop-shadow-[0_1px_2px_rgba(0,0,0,0.9)] disabled:opacity-60 ${className}`}
      {...rest}
    >
      <span className="flex size-12 items-center justify-center rounded-full border border-white/30 bg-black/50 short-slide:size-10">
        {icon}
      </span>
      <span className="text-center text-sm leading-tight font-semibold short-slide:text-xs">
        {caption}
      </span>
    </button>
  );
}
