import { useCallback, useEffect, useRef, useState } from 'react';

/** A flag that turns itself off after `ms` ('Copied!' for 2 s, 'reported' for 3 s). */
export function useTimedFlag(ms: number): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const raise = useCallback(() => {
    setOn(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOn(false), ms);
  }, [ms]);
  return [on, raise];
}
