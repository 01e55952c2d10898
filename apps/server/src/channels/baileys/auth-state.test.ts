import { BufferJSON, initAuthCreds, proto } from '@whiskeysockets/baileys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { query } from '../../../test/messaging';
import { clearAuthState, useDatabaseAuthState } from './auth-state';

let t: TestContext;
let a: Tenant;
let conn: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/whatsapp',
    headers: bearer(a.adminToken),
    payload: { name: 'Auth', channel: 'whatsapp' },
  });
  conn = res.json().id;
});
afterAll(async () => {
  await t?.close();
});

describe('Baileys auth state in the database', () => {
  it('round-trips the credentials (keys, buffers, nested objects) through the database', async () => {
    const owner = { whatsappId: conn, companyId: a.companyId };
    const first = await useDatabaseAuthState(t.database.db, owner);
    expect(first.state.creds.registered).toBe(false);
    const creds = first.state.creds;
    creds.me = { id: '5511900000000:3@s.whatsapp.net', lid: '98765432109876:3@lid', name: 'Loja' };
    creds.registered = true;
    creds.routingInfo = Buffer.from([1, 2, 3, 250]);
    await first.saveCreds();

    const again = await useDatabaseAuthState(t.database.db, owner);
    expect(JSON.stringify(again.state.creds, BufferJSON.replacer)).toBe(JSON.stringify(creds, BufferJSON.replacer));
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(again.state.creds.signedIdentityKey.public)).toEqual(Buffer.from(creds.signedIdentityKey.public));
    expect(again.state.creds.routingInfo).toEqual(Buffer.from([1, 2, 3, 250]));
  });

  it('round-trips signal keys of every category; null deletes; other connections are not touched', async () => {
    const owner = { whatsappId: conn, companyId: a.companyId };
    const { state } = await useDatabaseAuthState(t.database.db, owner);
    const preKey = initAuthCreds().signedIdentityKey;
    const syncKey = proto.Message.AppStateSyncKeyData.fromObject({
      keyData: Buffer.from('k'.repeat(32)),
      fingerprint: { rawId: 7, currentIndex: 1, deviceIndexes: [0, 1] },
      timestamp: 1_700_000_000,
    });
    await state.keys.set({
      'pre-key': { '1': preKey, '2': preKey },
      session: { '5511900000001.0': Buffer.from('session-bytes') },
      'sender-key': { 'group@g.us::5511::0': Buffer.from('sk') },
      'app-state-sync-key': { AAAA: syncKey },
      'lid-mapping': { '5511900000001': '98765432100001', '98765432100001_reverse': '5511900000001' },
      'device-list': { '5511900000001': ['0', '2'] },
    });
    const reread = await useDatabaseAuthState(t.database.db, owner);
    const pre = await reread.state.keys.get('pre-key', ['1', '2', '3']);
    expect(Object.keys(pre).sort()).toEqual(['1', '2']);
    expect(Buffer.from(pre['1'].private)).toEqual(Buffer.from(preKey.private));
    expect(Buffer.isBuffer(pre['1'].public)).toBe(true);
    expect((await reread.state.keys.get('session', ['5511900000001.0']))['5511900000001.0']).toEqual(
      Buffer.from('session-bytes'),
    );
    const sync = (await reread.state.keys.get('app-state-sync-key', ['AAAA'])).AAAA;
    expect(sync).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(sync.keyData!)).toEqual(Buffer.from('k'.repeat(32)));
    expect(sync.fingerprint?.deviceIndexes).toEqual([0, 1]);
    expect(await reread.state.keys.get('lid-mapping', ['98765432100001_reverse'])).toEqual({
      '98765432100001_reverse': '5511900000001',
    });
    expect(await reread.state.keys.get('device-list', ['5511900000001'])).toEqual({ '5511900000001': ['0', '2'] });

    await reread.state.keys.set({ 'pre-key': { '1': null } });
    expect(Object.keys(await reread.state.keys.get('pre-key', ['1', '2']))).toEqual(['2']);

    const rows = await query<{ company_id: number }>(
      t,
      sql`SELECT DISTINCT company_id FROM baileys_auth WHERE whatsapp_id = ${conn}`,
    );
    expect(rows).toEqual([{ company_id: a.companyId }]);
  });

  it('clearing forgets the pairing: the next start makes new credentials', async () => {
    await clearAuthState(t.database.db, conn);
    const fresh = await useDatabaseAuthState(t.database.db, { whatsappId: conn, companyId: a.companyId });
    expect(fresh.state.creds.registered).toBe(false);
    expect(fresh.state.creds.me).toBeUndefined();
    expect(await fresh.state.keys.get('pre-key', ['2'])).toEqual({});
  });

  it('deleting the connection deletes its auth state', async () => {
    const { saveCreds } = await useDatabaseAuthState(t.database.db, { whatsappId: conn, companyId: a.companyId });
    await saveCreds();
    await t.app.inject({
      method: 'POST',
      url: '/whatsapp',
      headers: bearer(a.adminToken),
      payload: { name: 'Other', channel: 'whatsapp' },
    });
    const del = await t.app.inject({ method: 'DELETE', url: `/whatsapp/${conn}`, headers: bearer(a.adminToken) });
    expect(del.statusCode).toBe(200);
    const rows = await query(t, sql`SELECT 1 FROM baileys_auth WHERE whatsapp_id = ${conn}`);
    expect(rows).toHaveLength(0);
  });
});
