import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../i18n/resources';
import { formatCount } from '../../ui/formatCount';

interface Stat {
  key: string;
  labelKey: TextKey;
  value: number | undefined;
  /** Tapping opens the list behind the number (own profile). */
  onOpen?: () => void;
}

/** Videos / Followers / Following, abbreviated as the spec asks (1.5K, 2.0M). */
export function StatCounts({ stats }: { stats: Stat[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid auto-cols-fr grid-flow-col gap-2 text-center">
      {stats.map(({ key, labelKey, value, onOpen }) => {
        const body = (
          <>
            <span className="text-xl font-bold" data-testid={`count-${key}`}>
              {value === undefined ? '–' : formatCount(value)}
            </span>
            <span className="text-sm text-stone-600">{t(labelKey)}</span>
          </>
        );
        const box =
          'flex min-h-16 flex-col items-center justify-center rounded-xl bg-white p-2 shadow-sm';
        return onOpen ? (
          <button key={key} type="button" onClick={onOpen} className={`${box} hover:bg-orange-50`}>
            {body}
          </button>
        ) : (
          <div key={key} className={box}>
            {body}
          </div>
        );
      })}
    </div>
  );
}
