import { asc, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { businesses, safetyCautions } from '../../db/schema/index.js';

export type BusinessRow = typeof businesses.$inferSelect;
export type SafetyCautionRow = typeof safetyCautions.$inferSelect;

/** Every business whatever its status: the screen shows inactive ones with their badge. */
export async function listBusinesses(db: Db): Promise<BusinessRow[]> {
  return db.select().from(businesses).orderBy(asc(businesses.position), asc(businesses.name));
}

export async function latestSafetyCautions(db: Db, limit: number): Promise<SafetyCautionRow[]> {
  return db
    .select()
    .from(safetyCautions)
    .orderBy(desc(safetyCautions.createdAt), desc(safetyCautions.id))
    .limit(limit);
}
