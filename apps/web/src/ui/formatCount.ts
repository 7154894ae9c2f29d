/** Spec: 1,000 and above as K, 1,000,000 and above as M, one decimal (1.5K, 2.0M). */
export function formatCount(value: number): string {
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (value >= 1_000) return `${(value / 1_000).toFixed(1)}K`;
  return String(value);
}
