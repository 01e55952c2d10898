import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { userRecoveryCodes, users } from '../../db/schema';
import type { Tenant } from '../../platform/context';

/** The second factor of a user (sealed secrets, never sent out as they are). */
export async function findTwoFactor(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      email: users.email,
      passwordHash: users.passwordHash,
      secret: users.twoFactorSecret,
      pendingSecret: users.twoFactorPendingSecret,
      enabledAt: users.twoFactorEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function setPendingSecret(db: Db, userId: number, sealed: string) {
  await db.update(users).set({ twoFactorPendingSecret: sealed }).where(eq(users.id, userId));
}

/**
 * Records `step` as the last accepted code of the user; false when a code of that step or a later one was already
 * accepted (a replay, or two requests racing with one code: the row's condition lets only one through).
 */
export async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Enrolment confirmed: the pending secret becomes the secret; the recovery codes are replaced. */
export async function enable(db: Db, t: Tenant, userId: number, sealed: string, codeHashes: string[], now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorSecret: sealed, twoFactorPendingSecret: null, twoFactorEnabledAt: now })
      .where(and(eq(users.id, userId), eq(users.companyId, t.companyId)));
    await tx
      .delete(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.companyId, t.companyId), eq(userRecoveryCodes.userId, userId)));
    await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ companyId: t.companyId, userId, codeHash })));
  });
}

export async function replaceRecoveryCodes(db: Db, t: Tenant, userId: number, codeHashes: string[]) {
  await db.transaction(async (tx) => {
    await tx
      .delete(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.companyId, t.companyId), eq(userRecoveryCodes.userId, userId)));
    await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ companyId: t.companyId, userId, codeHash })));
  });
}

/** Turns the second factor off: secret, pending secret, last step and recovery codes all go. */
export async function disable(db: Db, t: Tenant, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null })
      .where(and(eq(users.id, userId), eq(users.companyId, t.companyId)))
      .returning({ id: users.id });
    await tx
      .delete(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.companyId, t.companyId), eq(userRecoveryCodes.userId, userId)));
    return rows.length > 0;
  });
}

export function unusedRecoveryCodes(db: Db, t: Tenant, userId: number) {
  return db
    .select({ id: userRecoveryCodes.id, codeHash: userRecoveryCodes.codeHash })
    .from(userRecoveryCodes)
    .where(
      and(eq(userRecoveryCodes.companyId, t.companyId), eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)),
    );
}

/** Spends one recovery code; false when another request spent it first. */
export async function spendRecoveryCode(db: Db, t: Tenant, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(userRecoveryCodes.id, id), eq(userRecoveryCodes.companyId, t.companyId), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, t: Tenant, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(
      and(eq(userRecoveryCodes.companyId, t.companyId), eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)),
    );
  return row?.n ?? 0;
}
