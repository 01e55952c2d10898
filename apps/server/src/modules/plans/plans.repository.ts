import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { plans } from '../../db/schema';
import { toPlanDto } from './plans.dto';

export async function listPublicPlans(db: Db) {
  const rows = await db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.amount), asc(plans.id));
  return rows.map(toPlanDto);
}
