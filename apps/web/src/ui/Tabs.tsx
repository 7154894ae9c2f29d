import { useRef, type KeyboardEvent } from 'react';

const looks = {
  /** One grey strip with the chosen part raised: the console's filters. */
  strip: {
    list: 'flex gap-1 rounded-xl bg-stone-100 p-1',
    tab: 'min-h-11 flex-1 rounded-lg px-3 font-semibold',
    on: 'bg-white text-emerald-800 shadow-sm',
    off: 'text-stone-700',
  },
  /** Big separate buttons, the chosen one filled: a driver's choice of language. */
  buttons: {
    list: 'grid grid-flow-col auto-cols-fr gap-2',
    tab: 'min-h-12 rounded-xl border-2 text-base font-bold',
    on: 'border-brand bg-brand text-white',
    off: 'border-stone-300 bg-white text-stone-700',
  },
} as const;

/** The id of a tab, for its panel's `aria-labelledby`. */
export function tabId(panelId: string, tab: string): string {
  return `${panelId}-tab-${tab}`;
}

interface TabsProps<T extends string> {
  tabs: readonly T[];
  current: T;
  label: (tab: T) => string;
  onChoose: (tab: T) => void;
  /** Names the strip for screen readers. */
  name?: string;
  /** The panel the caller shows, when it has one, so each tab says what it controls. */
  panelId?: string;
  look?: keyof typeof looks;
}

/**
 * A tab strip (WAI-ARIA tabs, automatic activation): only the chosen tab is in the Tab
 * order, and the arrow keys, Home and End move to and choose another. The caller shows the panel.
 */
export function Tabs<T extends string>({
  tabs,
  current,
  label,
  onChoose,
  name,
  panelId,
  look = 'strip',
}: TabsProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const style = looks[look];

  function move(event: KeyboardEvent) {
    const at = tabs.indexOf(current);
    const next = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + tabs.length) % tabs.length;
    const tab = tabs[index];
    if (tab === undefined) return;
    onChoose(tab);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[index]?.focus();
  }

  return (
    <div ref={list} role="tablist" aria-label={name} onKeyDown={move} className={style.list}>
      {tabs.map((tab) => {
        const chosen = tab === current;
        return (
          <button
            key={tab}
            type="button"
            role="tab"
            id={panelId && tabId(panelId, tab)}
            aria-selected={chosen}
            aria-controls={panelId}
            tabIndex={chosen ? 0 : -1}
            onClick={() => onChoose(tab)}
            className={`${style.tab} ${chosen ? style.on : style.off}`}
          >
            {label(tab)}
          </button>
        );
      })}
    </div>
  );
}
