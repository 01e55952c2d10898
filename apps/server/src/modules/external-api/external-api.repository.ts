import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import type { Tenant } from '../../platform/context';

/** The connection a token belongs to (tokens are unique across companies). */
export async function connectionByToken(db: Db, token: string) {
  const [row] = rowsOf<{ id: number; company_id: number; channel: string }>(
    await db.execute(sql`SELECT id, company_id, channel FROM whatsapps WHERE token = ${token} LIMIT 1`),
  );
  return row ? { id: Number(row.id), companyId: Number(row.company_id), channel: row.channel } : null;
}

/** The user the API acts as: the given one when they are the company's, else the company's first admin. */
export async function actingUserId(db: Db, ctx: Tenant, userId?: number) {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(
      userId
        ? sql`SELECT id FROM users WHERE company_id = ${ctx.companyId} AND id = ${userId}`
        : sql`SELECT id FROM users WHERE company_id = ${ctx.companyId} AND profile = 'admin' ORDER BY id LIMIT 1`,
    ),
  );
  return row ? Number(row.id) : null;
}

export async function queueExists(db: Db, ctx: Tenant, queueId: number) {
  const rows = rowsOf(await db.execute(sql`SELECT 1 FROM queues WHERE company_id = ${ctx.companyId} AND id = ${queueId}`));
  return rows.length > 0;
}

/** The company's WhatsApp connections with their API tokens (the /messages-api page, admins only; the API sends by number). */
export async function companyTokens(db: Db, ctx: Tenant) {
  const rows = rowsOf<{ id: number; name: string; channel: string; token: string }>(
    await db.execute(sql`SELECT id, name, channel, token FROM whatsapps
      WHERE company_id = ${ctx.companyId} AND channel IN ('whatsapp', 'whatsappapi') ORDER BY name, id`),
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, channel: r.channel, token: r.token }));
}
