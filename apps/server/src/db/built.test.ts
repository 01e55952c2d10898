/**
 * Statements built once and run past Drizzle (db/built.ts), decoded by camelRow (db/rows.ts), must answer what Drizzle's own select answers: every
 * column under its schema key, with the same values and types — from a driver row and from a row_to_json one.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { executeBuilt, lazyBuilt } from './built';
import type { Database } from './open';
import { camelRow } from './rows';
import { companies, contacts, messages, tickets } from './schema';

let database: Database;
let ticketId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const [company] = await db.insert(companies).values({ name: 'Built Ltda' }).returning();
  const [contact] = await db
    .insert(contacts)
    .values({ companyId: company.id, name: 'Ana', number: '5511988887777', channel: 'whatsapp' })
    .returning();
  const [ticket] = await db
    .insert(tickets)
    .values({ companyId: company.id, contactId: contact.id, status: 'pending', amountUsedBotQueuesNPS: 2, isBot: true })
    .returning();
  ticketId = ticket.id;
  await db.insert(messages).values({
    companyId: company.id,
    ticketId: ticket.id,
    contactId: contact.id,
    body: 'Oi',
    fromMe: false,
    externalId: 'wamid.BUILT1',
  });
});
afterAll(async () => {
  await database?.close();
});

const byId = lazyBuilt<{ id: number }>(
  (p) => sql`SELECT t.*, row_to_json(c) AS c FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.id = ${p.id}`,
);

const messageOf = lazyBuilt<{ ticketId: number }>((p) => sql`SELECT * FROM messages WHERE ticket_id = ${p.ticketId}`);

describe('statements built once', () => {
  it('give the rows Drizzle gives, in a transaction and outside one', async () => {
    const { db } = database;
    const [viaDrizzle] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
    const [contactViaDrizzle] = await db.select().from(contacts).where(eq(contacts.id, viaDrizzle.contactId));
    for (const run of [
      (f: typeof executeBuilt) => f(db, byId(), { id: ticketId }),
      (f: typeof executeBuilt) => db.transaction((tx) => f(tx, byId(), { id: ticketId })),
    ]) {
      const [raw] = await run(executeBuilt);
      const { c, ...t } = raw;
      expect(camelRow(t)).toEqual(viaDrizzle);
      const json = (typeof c === 'string' ? JSON.parse(c) : c) as Record<string, unknown>;
      expect(camelRow(json)).toEqual(contactViaDrizzle);
    }
    expect(viaDrizzle.amountUsedBotQueuesNPS).toBe(2);

    // A name several tables use with different types (`id`: serial here, bigserial in messages): an int8 from the
    // driver (a string on PostgreSQL) still becomes the number Drizzle gives — the reply route's schema wants it.
    const [messageViaDrizzle] = await db.select().from(messages).where(eq(messages.ticketId, ticketId));
    const [rawMessage] = await executeBuilt(db, messageOf(), { ticketId });
    expect(camelRow(rawMessage)).toEqual(messageViaDrizzle);
    expect(typeof messageViaDrizzle.id).toBe('number');
    expect(viaDrizzle.createdAt).toBeInstanceOf(Date);
  });
});
