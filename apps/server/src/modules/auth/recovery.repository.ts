import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import { passwordRecoveries, users } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export interface RecoveryTarget {
  companyId: number;
  userId: number;
}

/**
 * The account a registered number recovers: the company whose phone (its digits) is the number, and in it the admin
 * whose e-mail is the company's (the one sign-up created), else its first admin. Several companies on one number:
 * none (no code is sent; the answer does not change).
 */
export async function findRecoveryTarget(db: Db, number: string): Promise<RecoveryTarget | null> {
  const rows = rowsOf<{ company_id: number; user_id: number | null }>(
    await db.execute(sql`
      SELECT c.id AS company_id,
        (SELECT u.id FROM users u
          WHERE u.company_id = c.id AND u.profile = 'admin'
          ORDER BY (lower(u.email) = lower(coalesce(c.email, ''))) DESC, u.id
          LIMIT 1) AS user_id
      FROM companies c
      WHERE regexp_replace(coalesce(c.phone, ''), '\\D', '', 'g') = ${number}
      LIMIT 2`),
  );
  if (rows.length !== 1 || rows[0].user_id === null) return null;
  return { companyId: Number(rows[0].company_id), userId: Number(rows[0].user_id) };
}

/**
 * Phones (their digits) that several companies registered: such a number recovers no account (findRecoveryTarget),
 * which the super admin is told; at most 50, with the companies of each.
 */
export async function findSharedRecoveryPhones(db: Db): Promise<{ phone: string; companies: { id: number; name: string }[] }[]> {
  const rows = rowsOf<{ phone: string; companies: { id: number; name: string }[] | string }>(
    await db.execute(sql`
      SELECT d.phone, json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.id) AS companies
      FROM (SELECT id, name, regexp_replace(coalesce(phone, ''), '\\D', '', 'g') AS phone FROM companies) d
      WHERE d.phone <> ''
      GROUP BY d.phone
      HAVING count(*) > 1
      ORDER BY d.phone
      LIMIT 50`),
  );
  return rows.map((r) => ({
    phone: r.phone,
    companies: (typeof r.companies === 'string' ? JSON.parse(r.companies) : r.companies).map(
      (c: { id: number | string; name: string }) => ({ id: Number(c.id), name: c.name }),
    ),
  }));
}

/** A new code for the user: earlier unconsumed ones stop working. */
export async function replaceRecovery(
  db: Db,
  tenant: Tenant,
  v: { userId: number; number: string; codeHash: string; expiresAt: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .update(passwordRecoveries)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(passwordRecoveries.companyId, tenant.companyId),
          eq(passwordRecoveries.userId, v.userId),
          isNull(passwordRecoveries.consumedAt),
        ),
      );
    const [row] = await tx
      .insert(passwordRecoveries)
      .values({ companyId: tenant.companyId, ...v })
      .returning({ id: passwordRecoveries.id });
    return row.id;
  });
}

/** A recovery whose code may still be sent: not replaced, not used, not verified, not expired. */
export async function findSendableRecovery(db: Db, id: number) {
  const [row] = await db
    .select({ id: passwordRecoveries.id, userId: passwordRecoveries.userId, codeHash: passwordRecoveries.codeHash })
    .from(passwordRecoveries)
    .where(
      and(
        eq(passwordRecoveries.id, id),
        isNull(passwordRecoveries.consumedAt),
        isNull(passwordRecoveries.resetTokenHash),
        gt(passwordRecoveries.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/**
 * Counts one attempt on the number's live code before it is compared, so no more than the allowed attempts are ever
 * compared, even concurrently. Null when the number has no live code (none sent, expired, used up or verified).
 */
export async function takeAttempt(db: Db, number: string, maxAttempts: number) {
  const live = db
    .select({ id: passwordRecoveries.id })
    .from(passwordRecoveries)
    .where(
      and(
        eq(passwordRecoveries.number, number),
        isNull(passwordRecoveries.consumedAt),
        isNull(passwordRecoveries.resetTokenHash),
        gt(passwordRecoveries.expiresAt, sql`now()`),
      ),
    )
    .orderBy(sql`${passwordRecoveries.id} DESC`)
    .limit(1);
  const [row] = await db
    .update(passwordRecoveries)
    .set({ attempts: sql`${passwordRecoveries.attempts} + 1` })
    .where(and(eq(passwordRecoveries.id, sql`(${live})`), lt(passwordRecoveries.attempts, maxAttempts)))
    .returning({ id: passwordRecoveries.id, userId: passwordRecoveries.userId, codeHash: passwordRecoveries.codeHash });
  return row ?? null;
}

/** A right code: the recovery now holds a reset token (once). */
export async function markVerified(db: Db, id: number, v: { resetTokenHash: string; resetExpiresAt: Date }) {
  const [row] = await db
    .update(passwordRecoveries)
    .set(v)
    .where(and(eq(passwordRecoveries.id, id), isNull(passwordRecoveries.resetTokenHash), isNull(passwordRecoveries.consumedAt)))
    .returning({ id: passwordRecoveries.id });
  return Boolean(row);
}

/** Uses a reset token (once, before it expires); answers whose password it changes. */
export async function consumeResetToken(db: Db, resetTokenHash: string): Promise<RecoveryTarget | null> {
  const [row] = await db
    .update(passwordRecoveries)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(passwordRecoveries.resetTokenHash, resetTokenHash),
        isNull(passwordRecoveries.consumedAt),
        gt(passwordRecoveries.resetExpiresAt, sql`now()`),
      ),
    )
    .returning({ companyId: passwordRecoveries.companyId, userId: passwordRecoveries.userId });
  return row ?? null;
}

export async function setPassword(db: Db, tenant: Tenant, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.companyId, tenant.companyId), eq(users.id, userId)));
}
