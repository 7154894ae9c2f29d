import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Shows a fixed-size card whole on phones narrower than it (320 px screens): scales it down
 * instead of cutting it, and keeps its true size everywhere else.
 */
export function FitWidth({ width, children }: { width: number; children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const box = outer.current;
    const content = inner.current;
    if (!box || !content || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const next = Math.min(1, box.clientWidth / width);
      setScale(next);
      setHeight(content.offsetHeight * next);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(content);
    return () => observer.disconnect();
  }, [width]);
  return (
    <div ref={outer} className="flex w-full justify-center" style={{ height }}>
      <div style={{ width: `${width * scale}px` }}>
        <div
          ref={inner}
          style={{ width: `${width}px`, transform: `scale(${scale})`, transformOrigin: 'top left' }}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
