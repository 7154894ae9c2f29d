import type { HTMLAttributes } from 'react';

const looks = {
  /** Small and red on an icon's corner: unread notifications. */
  alarm: 'absolute top-0.5 right-0.5 h-5 min-w-5 bg-red-600 px-1 text-xs leading-none',
  /** At the end of a row: how many there are. */
  brand: 'ml-auto h-7 min-w-7 bg-brand px-2 text-sm',
} as const;

interface CountBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  count: number;
  look: keyof typeof looks;
  /** Above it the badge reads 'max+' so it never outgrows the icon it sits on. */
  max?: number;
}

/** A number in a round badge; the caller says whether a zero is worth showing. */
export function CountBadge({ count, look, max, className = '', ...rest }: CountBadgeProps) {
  return (
    <span
      className={`flex items-center justify-center rounded-full font-bold text-white ${looks[look]} ${className}`}
      {...rest}
    >
      {max !== undefined && count > max ? `${max}+` : count}
    </span>
  );
}
