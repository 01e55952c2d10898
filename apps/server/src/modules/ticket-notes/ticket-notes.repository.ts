import type { TicketNoteDto } from '@atendo/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { ticketNotes, users } from '../../db/schema';
import type { Tenant, TenantContext } from '../../platform/context';

const columns = {
  id: ticketNotes.id,
  note: ticketNotes.note,
  ticketId: ticketNotes.ticketId,
  contactId: ticketNotes.contactId,
  userId: ticketNotes.userId,
  createdAt: ticketNotes.createdAt,
  updatedAt: ticketNotes.updatedAt,
  user: { id: users.id, name: users.name },
};

export async function insertNote(
  db: Db,
  ctx: TenantContext,
  v: { ticketId: number; contactId: number; note: string },
): Promise<TicketNoteDto> {
  const [row] = await db
    .insert(ticketNotes)
    .values({ ...v, companyId: ctx.companyId, userId: ctx.user.id })
    .returning({ id: ticketNotes.id });
  return (await findNote(db, ctx, row.id))!;
}

export async function findNote(db: Db, ctx: Tenant, id: number): Promise<TicketNoteDto | null> {
  const [row] = await db
    .select(columns)
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(eq(ticketNotes.companyId, ctx.companyId), eq(ticketNotes.id, id)))
    .limit(1);
  return row ?? null;
}

/** Notes of a ticket, or of a contact (all their tickets), newest first. */
export async function listNotes(db: Db, ctx: Tenant, f: { ticketId?: number; contactId?: number }): Promise<TicketNoteDto[]> {
  const conds = [eq(ticketNotes.companyId, ctx.companyId)];
  if (f.ticketId) conds.push(eq(ticketNotes.ticketId, f.ticketId));
  if (f.contactId) conds.push(eq(ticketNotes.contactId, f.contactId));
  return db
    .select(columns)
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(...conds))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id))
    .limit(500);
}

export async function deleteNote(db: Db, ctx: Tenant, id: number) {
  const rows = await db
    .delete(ticketNotes)
    .where(and(eq(ticketNotes.companyId, ctx.companyId), eq(ticketNotes.id, id)))
    .returning({ id: ticketNotes.id });
  return rows.length > 0;
}
