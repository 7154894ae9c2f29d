import type { ReactNode } from 'react';
import { PageTitle } from '../../ui/PageTitle';

interface AuthScreenProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of every sign-in and sign-up screen: one column, thumb-sized, readable outdoors. */
export function AuthScreen({ title, subtitle, children, footer }: AuthScreenProps) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 pt-4 pb-8">
      <div className="flex flex-col gap-1">
        <PageTitle>{title}</PageTitle>
        {subtitle && <p className="text-base text-stone-600">{subtitle}</p>}
      </div>
      {children}
      {footer && <div className="flex flex-col items-center gap-1 text-base">{footer}</div>}
    </section>
  );
}
