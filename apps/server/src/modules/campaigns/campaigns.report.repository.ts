/** The campaign report's reads (seed 002 §7): a run's totals, its timeline, its recipients. */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike, rowsOf } from '../../db/open';
import { campaignShippings } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export async function totals(db: Db, ctx: Tenant, c: { id: number; run: number }) {
  const [t] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      SELECT count(*)::int AS recipients,
             count(*) FILTER (WHERE status IN ('pending', 'claimed'))::int AS pending,
             count(*) FILTER (WHERE status IN ('sent', 'delivered', 'read'))::int AS sent,
             count(*) FILTER (WHERE status IN ('delivered', 'read'))::int AS delivered,
             count(*) FILTER (WHERE status = 'read')::int AS read,
             count(*) FILTER (WHERE replied_at IS NOT NULL)::int AS replied,
             count(*) FILTER (WHERE status = 'failed')::int AS failed,
             count(*) FILTER (WHERE confirmation_requested_at IS NOT NULL)::int AS "confirmationRequested",
             count(*) FILTER (WHERE confirmed_at IS NOT NULL)::int AS confirmed
        FROM campaign_shippings WHERE company_id = ${ctx.companyId} AND campaign_id = ${c.id} AND run = ${c.run}`),
  );
  const reasons = rowsOf<{ reason: string; count: number }>(
    await db.execute(sql`
      SELECT coalesce(failed_reason, 'unknown') AS reason, count(*)::int AS count FROM campaign_shippings
       WHERE company_id = ${ctx.companyId} AND campaign_id = ${c.id} AND run = ${c.run} AND status = 'failed'
       GROUP BY 1 ORDER BY 2 DESC LIMIT 20`),
  );
  const n = (k: string) => Number(t?.[k] ?? 0);
  return {
    recipients: n('recipients'),
    pending: n('pending'),
    sent: n('sent'),
    delivered: n('delivered'),
    read: n('read'),
    replied: n('replied'),
    failed: n('failed'),
    confirmationRequested: n('confirmationRequested'),
    confirmed: n('confirmed'),
    failedReasons: reasons.map((r) => ({ reason: r.reason, count: Number(r.count) })),
  };
}

/** Cumulative sent / delivered / read per minute of the run. */
export async function timeline(db: Db, ctx: Tenant, c: { id: number; run: number }) {
  const rows = rowsOf<{ at: string | Date; sent: number; delivered: number; read: number }>(
    await db.execute(sql`
      WITH ev AS (
        SELECT date_trunc('minute', sent_at) AS at, 1 AS s, 0 AS d, 0 AS r FROM campaign_shippings
         WHERE company_id = ${ctx.companyId} AND campaign_id = ${c.id} AND run = ${c.run} AND sent_at IS NOT NULL
        UNION ALL
        SELECT date_trunc('minute', delivered_at), 0, 1, 0 FROM campaign_shippings
         WHERE company_id = ${ctx.companyId} AND campaign_id = ${c.id} AND run = ${c.run} AND delivered_at IS NOT NULL
        UNION ALL
        SELECT date_trunc('minute', read_at), 0, 0, 1 FROM campaign_shippings
         WHERE company_id = ${ctx.companyId} AND campaign_id = ${c.id} AND run = ${c.run} AND read_at IS NOT NULL
      ), b AS (SELECT at, sum(s) AS s, sum(d) AS d, sum(r) AS r FROM ev GROUP BY at)
      SELECT at, (sum(s) OVER w)::int AS sent, (sum(d) OVER w)::int AS delivered, (sum(r) OVER w)::int AS read
        FROM b WINDOW w AS (ORDER BY at) ORDER BY at LIMIT 2000`),
  );
  return rows.map((r) => ({ at: new Date(r.at), sent: Number(r.sent), delivered: Number(r.delivered), read: Number(r.read) }));
}

export async function listShippings(
  db: Db,
  ctx: Tenant,
  f: { campaignId: number; run: number; search?: string; status?: string; offset: number; limit: number },
) {
  const conds: SQL[] = [
    eq(campaignShippings.companyId, ctx.companyId),
    eq(campaignShippings.campaignId, f.campaignId),
    eq(campaignShippings.run, f.run),
  ];
  if (f.status) conds.push(eq(campaignShippings.status, f.status));
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    conds.push(sql`(${campaignShippings.name} ILIKE ${like} OR ${campaignShippings.number} ILIKE ${like})`);
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(campaignShippings)
      .where(where)
      .orderBy(campaignShippings.id)
      .limit(f.limit + 1)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(campaignShippings).where(where),
  ]);
  return { items: rows.slice(0, f.limit), hasMore: rows.length > f.limit, count: Number(total?.n ?? 0) };
}
