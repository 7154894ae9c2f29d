/**
 * Some of a table's (or an alias's) columns, for a select that needs only those: drizzle maps
 * the row to an object with just these keys.
 */
export function pickColumns<T extends object, K extends keyof T>(
  table: T,
  keys: readonly K[],
): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, table[k]])) as Pick<T, K>;
}
