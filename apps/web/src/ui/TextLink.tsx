import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A router link padded to a thumb-sized tap target. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-2"
    >
      {children}
    </Link>
  );
}
