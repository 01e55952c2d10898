import { randomBytes } from 'node:crypto';
import { ALL_USER_FLAGS_ENABLED } from '@atendo/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './open';
import { companies, plans, users } from './schema';

/** What the seed needs of the modules, handed over by the composition root (db/ imports no module). */
export interface SeedPorts {
  /** Writes every global setting's default once (settings). */
  ensureGlobalDefaults(db: Db): Promise<void>;
  /** A company with its settings row (companies). */
  insertCompany(db: Db, values: typeof companies.$inferInsert): Promise<{ id: number }>;
  /** The stored hash of a password (auth). */
  hashPassword(password: string): Promise<string>;
}

export interface SeedResult {
  /** Set only when this start created the super admin: print it once. */
  createdAdmin?: { email: string; password: string; generated: boolean };
}

/**
 * First start: the platform company (id 1, never expires), a default public plan and a super admin.
 * Idempotent; safe when several processes start together (unique keys decide).
 */
export async function seedPlatform(
  db: Db,
  ports: SeedPorts,
  opts: { adminEmail?: string; adminPassword?: string } = {},
): Promise<SeedResult> {
  const { ensureGlobalDefaults, insertCompany, hashPassword } = ports;
  await ensureGlobalDefaults(db);
  await db
    .insert(plans)
    .values({ name: 'Plano Padrão', users: 10, connections: 10, queues: 10, amount: 0, isPublic: true })
    .onConflictDoNothing();
  const plan = await db.query.plans.findFirst({ where: eq(plans.name, 'Plano Padrão') });
  const existing = await db.query.companies.findFirst({ where: eq(companies.id, 1) });
  if (!existing) {
    await insertCompany(db, { id: 1, name: 'Atendo', planId: plan?.id ?? null, dueDate: null, recurrence: 'MENSAL' });
    // Explicit id 1 leaves the sequence behind: move it past.
    await db.execute(sql`SELECT setval(pg_get_serial_sequence('companies', 'id'), GREATEST((SELECT MAX(id) FROM companies), 1))`);
  }
  const anySuper = await db.query.users.findFirst({ where: eq(users.super, true) });
  if (anySuper) return {};
  const email = (opts.adminEmail ?? 'admin@atendo.local').toLowerCase();
  const generated = !opts.adminPassword;
  const password = opts.adminPassword ?? randomBytes(9).toString('base64url');
  const inserted = await db
    .insert(users)
    .values({
      companyId: 1,
      name: 'Admin',
      email,
      passwordHash: await hashPassword(password),
      profile: 'admin',
      super: true,
      ...ALL_USER_FLAGS_ENABLED,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length ? { createdAdmin: { email, password, generated } } : {};
}
