import { useEffect, useState, type RefObject } from 'react';

/** Spec: a video plays when at least 60 percent of it is visible. */
export const visibleThreshold = 0.6;

/**
 * The index of the item at least 60% inside the list. Items carry data-index; the observer
 * is rebuilt when the count or the active item changes, so the items that enter the page
 * (new pages, the list's moving window) are watched too.
 */
export function useActiveIndex(list: RefObject<HTMLElement | null>, count: number): number {
  const [active, setActive] = useState(0);
  useEffect(() => {
    const root = list.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= visibleThreshold) {
            setActive(Number((entry.target as HTMLElement).dataset.index));
          }
        }
      },
      { root, threshold: visibleThreshold },
    );
    for (const child of root.querySelectorAll('[data-index]')) observer.observe(child);
    return () => observer.disconnect();
  }, [list, count, active]);
  return active;
}
