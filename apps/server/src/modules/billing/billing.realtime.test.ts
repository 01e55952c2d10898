/** Issue 19 item 5: an expired company's sockets hear only the payment (and session) events, then connect again. */
import { companyEventName } from '@atendo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, dueDay, type TestContext } from '../../../test/harness';
import { connect, emitWithAck, recorder } from '../../../test/socket-client';
import { rooms } from '../../platform/realtime-port';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ socket: {} });
}, 60_000);
afterAll(async () => t?.close());

describe('sockets of an expired company', () => {
  it('hear the payment event and nothing else; a company in good standing hears everything', async () => {
    const expired = await createTenant(t, { dueDate: dueDay(-1) });
    const valid = await createTenant(t);
    const sExpired = await connect(t.url!, expired.companyId, expired.adminToken, expired.adminId);
    const sValid = await connect(t.url!, valid.companyId, valid.adminToken, valid.adminId);
    const heardExpired = recorder(sExpired);
    const heardValid = recorder(sValid);
    await emitWithAck(sExpired, 'joinTickets', 'open');
    await emitWithAck(sValid, 'joinTickets', 'open');
    for (const c of [expired, valid]) {
      t.deps.realtime.publish(c.companyId, 'contact', { action: 'create', contactId: 1 });
      t.deps.realtime.publish(c.companyId, 'ticket', { action: 'update', ticketId: 1 }, [rooms.status('open'), rooms.admins()]);
      t.deps.realtime.publish(c.companyId, 'payment', {
        action: 'CONCLUIDA',
        company: { id: c.companyId, dueDate: new Date().toISOString() },
        invoiceId: 1,
      });
    }
    await heardExpired.wait(companyEventName(expired.companyId, 'payment'));
    await heardValid.wait(companyEventName(valid.companyId, 'payment'));
    expect(heardExpired.names()).toEqual([companyEventName(expired.companyId, 'payment')]);
    expect(heardValid.names()).toEqual(
      expect.arrayContaining([companyEventName(valid.companyId, 'contact'), companyEventName(valid.companyId, 'ticket')]),
    );
    sExpired.disconnect();
    sValid.disconnect();
  });
});
