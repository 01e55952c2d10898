/**
 * Who sees which ticket is written twice — a SQL predicate for lists and counts (`visibleTicketsSql`) and a function
 * for one loaded ticket (`canSeeTicket`) — so they are checked against each other over every combination of a
 * viewer's flags and queues and a ticket's queue, owner and group (issue 38 item 6).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import { type Database, rowsOf } from '../../db/open';
import { canSeeTicket, type TicketScope, type Viewer, visibleTicketsSql } from './tickets.access';

const ME = 10;
const COLLEAGUE = 11;

const scopes: (TicketScope & { id: number })[] = [];
for (const queueId of [null, 1, 2, 3])
  for (const userId of [null, ME, COLLEAGUE])
    for (const isGroup of [false, true]) scopes.push({ id: scopes.length + 1, queueId, userId, isGroup });

const viewers: Viewer[] = [];
for (const admin of [false, true])
  for (const queueIds of [[], [1], [1, 2]])
    for (const allTicket of [false, true])
      for (const allowGroup of [false, true])
        for (const canShowAll of [false, true])
          viewers.push({ userId: ME, admin, queueIds, allTicket, allowGroup, canShowAll, allHistoric: false });

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The ids the SQL predicate keeps, over the scopes as a "tickets" relation (the CTE shadows the table). */
async function keptBySql(v: Viewer, showAll: boolean): Promise<number[]> {
  const rows = sql.join(
    scopes.map((s) => sql`(${s.id}::int, ${s.queueId}::int, ${s.userId}::int, ${s.isGroup}::boolean)`),
    sql`, `,
  );
  const where = visibleTicketsSql(v, showAll) ?? sql`TRUE`;
  const result = await database.db.execute(
    sql`WITH "tickets" (id, queue_id, user_id, is_group) AS (VALUES ${rows}) SELECT id FROM "tickets" WHERE ${where} ORDER BY id`,
  );
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

describe('ticket visibility: the SQL predicate and the function agree', () => {
  it(`over ${viewers.length} viewers × ${scopes.length} tickets × show-all on and off`, async () => {
    let compared = 0;
    for (const v of viewers) {
      for (const showAll of [false, true]) {
        const expected = scopes.filter((s) => canSeeTicket(v, s, showAll)).map((s) => s.id);
        expect(await keptBySql(v, showAll), JSON.stringify({ viewer: v, showAll })).toEqual(expected);
        compared += scopes.length;
      }
    }
    expect(compared).toBe(viewers.length * 2 * scopes.length);
  });

  it('spot checks of the rule itself (seed 000 §6)', () => {
    const attendant: Viewer = {
      userId: ME,
      admin: false,
      queueIds: [1],
      allTicket: false,
      allowGroup: false,
      canShowAll: false,
      allHistoric: false,
    };
    // their own ticket, whatever its queue
    expect(canSeeTicket(attendant, { queueId: 3, userId: ME, isGroup: false })).toBe(true);
    // a waiting ticket of their queue; not one of another queue, nor one without a queue (allTicket off)
    expect(canSeeTicket(attendant, { queueId: 1, userId: null, isGroup: false })).toBe(true);
    expect(canSeeTicket(attendant, { queueId: 2, userId: null, isGroup: false })).toBe(false);
    expect(canSeeTicket(attendant, { queueId: null, userId: null, isGroup: false })).toBe(false);
    // a colleague's ticket only with show-all allowed; a group only with allowGroup
    expect(canSeeTicket(attendant, { queueId: 1, userId: COLLEAGUE, isGroup: false })).toBe(false);
    expect(canSeeTicket({ ...attendant, canShowAll: true }, { queueId: 1, userId: COLLEAGUE, isGroup: false })).toBe(true);
    expect(canSeeTicket({ ...attendant, admin: true }, { queueId: 1, userId: null, isGroup: true })).toBe(false);
  });
});
