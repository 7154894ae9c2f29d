import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../ui/PageTitle';

/** The page title with the link to the other voice screen. */
export function VoiceHeader({
  title,
  to,
  icon,
  linkText,
}: {
  title: string;
  to: string;
  icon: ReactNode;
  linkText: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      <PageTitle>{title}</PageTitle>
      <Link
        to={to}
        className="flex min-h-11 items-center gap-2 font-semibold text-brand underline underline-offset-2"
      >
        {icon}
        {linkText}
      </Link>
    </div>
  );
}
