import { useTranslation } from 'react-i18next';
import { Mail, MapPin, Phone } from 'lucide-react';
import type { Business } from '@saathi/contract';
import { useLocalName } from '../../i18n/localName';
import { categoryLabel } from './categoryLabel';

const mapsSearchUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The dialler wants digits and the leading +; the card shows the number as written. */
const telUrl = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const linkClass =
  'flex min-h-11 items-center gap-2 break-words text-brand underline underline-offset-2';

export function BusinessCard({ business }: { business: Business }) {
  const { t } = useTranslation('directory');
  const nameOf = useLocalName();
  const active = business.status === 'active';
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg leading-snug font-bold text-stone-900">{nameOf(business)}</h2>
      <div className="flex flex-wrap gap-2 text-sm font-semibold">
        <span
          className={`rounded-full px-3 py-0.5 ${active ? 'bg-green-100 text-green-800' : 'bg-stone-200 text-stone-700'}`}
        >
          {t(`business.status.${business.status}`)}
        </span>
        {business.category && (
          <span className="rounded-full bg-orange-100 px-3 py-0.5 text-orange-900">
            {categoryLabel(business.category, t)}
          </span>
        )}
      </div>
      {business.description && <p className="text-stone-700">{business.description}</p>}
      <div className="flex flex-col text-base">
        {business.address && (
          <a
            href={mapsSearchUrl(business.address)}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            <MapPin aria-hidden className="size-5 shrink-0" />
            {business.address}
          </a>
        )}
        {business.phone && (
          <a href={telUrl(business.phone)} className={linkClass}>
            <Phone aria-hidden className="size-5 shrink-0" />
            {business.phone}
          </a>
        )}
        {business.email && (
          <a href={`mailto:${business.email}`} className={`${linkClass} break-all`}>
            <Mail aria-hidden className="size-5 shrink-0" />
            {business.email}
          </a>
        )}
      </div>
    </article>
  );
}
