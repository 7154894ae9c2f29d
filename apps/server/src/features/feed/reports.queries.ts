import type { Db } from '../../db/client.js';
import { reports } from '../../db/schema/index.js';

/** Answers false when this reporter already has an open report on the post. */
export async function insertReport(db: Db, report: typeof reports.$inferInsert): Promise<boolean> {
  // No conflict target: the partial unique index (one open report per reporter and post) counts.
  const rows = await db
    .insert(reports)
    .values(report)
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return rows.length > 0;
}
