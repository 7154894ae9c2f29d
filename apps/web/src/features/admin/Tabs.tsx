/** The console's tab strip (a queue's filter, a screen's parts); the caller shows the panel. */
export function Tabs<T extends string>({
  tabs,
  current,
  label,
  onChoose,
}: {
  tabs: readonly T[];
  current: T;
  label: (tab: T) => string;
  onChoose: (tab: T) => void;
}) {
  return (
    <div role="tablist" className="flex gap-1 rounded-xl bg-stone-100 p-1">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={current === tab}
          onClick={() => onChoose(tab)}
          className={`min-h-11 flex-1 rounded-lg px-3 font-semibold ${
            current === tab ? 'bg-white text-emerald-800 shadow-sm' : 'text-stone-700'
          }`}
        >
          {label(tab)}
        </button>
      ))}
    </div>
  );
}
