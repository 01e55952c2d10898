/**
 * messages.requeueUnsent: an outbound message whose send job was never stored (its process died between the commit and
 * the enqueue) gets one; a message with a job waiting, a recent one, a sent one or a private note does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, customerWrites } from '../../../test/attendance';
import { createTenant, createTestApp, type TestContext } from '../../../test/harness';
import { requeueUnsentJob } from './messages.jobs';
import { insertAutomaticMessage, sendMessageJob } from './messages.public';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const jobsFor = async (messageId: number) =>
  (
    await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'messageId' = $2`,
      [sendMessageJob.name, String(messageId)],
    )
  )[0].n;

describe('messages.requeueUnsent', () => {
  it('queues a send for an unsent message without a job, once; leaves recent, queued and sent ones alone', async () => {
    const tenant = await createTenant(t);
    const conn = await addConnection(t, tenant);
    const { ticketId } = await customerWrites(t, conn.id, { body: 'Oi' });
    const store = (body: string) =>
      insertAutomaticMessage(t.database.db, tenant, {
        ticketId,
        whatsappId: conn.id,
        queueId: null,
        origin: { automatic: 'reply' },
        body,
      });
    const orphan = await store('sem job');
    const recent = await store('recente');
    const queued = await store('com job');
    const sent = await store('enviada');
    await t.database.query(`UPDATE messages SET created_at = now() - interval '2 minutes' WHERE id = ANY($1::bigint[])`, [
      [orphan.id, queued.id, sent.id],
    ]);
    await t.database.query(`UPDATE messages SET external_id = 'wamid.sent', ack = 1 WHERE id = $1`, [sent.id]);
    await t.deps.jobs.send(sendMessageJob, { messageId: queued.id, companyId: tenant.companyId, attempt: 1 });

    await t.deps.jobs.runNow(requeueUnsentJob, {});
    expect(await jobsFor(orphan.id)).toBe(1);
    expect(await jobsFor(queued.id)).toBe(1);
    expect(await jobsFor(recent.id)).toBe(0);
    expect(await jobsFor(sent.id)).toBe(0);
    // Its job now waits: a second pass adds nothing.
    await t.deps.jobs.runNow(requeueUnsentJob, {});
    expect(await jobsFor(orphan.id)).toBe(1);
  });
});
