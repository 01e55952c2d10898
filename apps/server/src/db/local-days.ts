import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './open';

/**
 * Local days of a time zone as instants, computed once by PostgreSQL (its zone rules, DST included): `startAt` is
 * midnight starting `from`, `endAt` midnight ending `to` (the day after it), as timestamptz text. Statements compare
 * with them as parameters (`${startAt}::timestamptz`): written as `AT TIME ZONE` expressions in a WHERE they are
 * evaluated again for every row a scan filters — most of the cost of a year's dashboard or report (bench/).
 */
export async function localDayInstants(
  db: Db,
  timezone: string,
  days: { from?: string | null; to?: string | null },
): Promise<{ startAt: string | null; endAt: string | null }> {
  if (!days.from && !days.to) return { startAt: null, endAt: null };
  const [row] = rowsOf<{ start_at: string | null; end_at: string | null }>(
    await db.execute(sql`
      SELECT ((${days.from ?? null}::date)::timestamp AT TIME ZONE ${timezone})::text AS start_at,
        ((${days.to ?? null}::date + 1)::timestamp AT TIME ZONE ${timezone})::text AS end_at`),
  );
  return { startAt: row.start_at, endAt: row.end_at };
}
