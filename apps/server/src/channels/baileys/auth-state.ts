/**
 * Baileys auth state (credentials + signal keys) per connection in the database, in place of
 * `useMultiFileAuthState`'s folder: one row per (connection, type, key), values as BufferJSON text.
 */
import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';

export interface AuthOwner {
  whatsappId: number;
  companyId: number;
}

const encode = (v: unknown) => JSON.stringify(v, BufferJSON.replacer);
const decode = <T>(s: string): T => JSON.parse(s, BufferJSON.reviver) as T;

/** Reads (or creates) the connection's auth state; `saveCreds` writes the credentials after each `creds.update`. */
export async function useDatabaseAuthState(
  db: Db,
  owner: AuthOwner,
): Promise<{ state: AuthenticationState; saveCreds: () => Promise<void>; clear: () => Promise<void> }> {
  const rows = rowsOf<{ value: string }>(
    await db.execute(sql`SELECT value FROM baileys_auth WHERE whatsapp_id = ${owner.whatsappId} AND type = 'creds' AND key = ''`),
  );
  const creds: AuthenticationCreds = rows[0] ? decode(rows[0].value) : initAuthCreds();

  const keys = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      if (ids.length === 0) return out;
      const found = rowsOf<{ key: string; value: string }>(
        await db.execute(sql`
          SELECT key, value FROM baileys_auth
          WHERE whatsapp_id = ${owner.whatsappId} AND type = ${type}
            AND key IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`),
      );
      for (const r of found) {
        let value: unknown = decode(r.value);
        if (type === 'app-state-sync-key' && value) value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
        out[r.key] = value as SignalDataTypeMap[T];
      }
      return out;
    },
    async set(data: SignalDataSet) {
      const upserts: { type: string; key: string; value: string }[] = [];
      const deletes: { type: string; key: string }[] = [];
      for (const type of Object.keys(data) as (keyof SignalDataSet)[]) {
        for (const [key, value] of Object.entries(data[type] ?? {})) {
          if (value) upserts.push({ type, key, value: encode(value) });
          else deletes.push({ type, key });
        }
      }
      if (upserts.length > 0) {
        await db.execute(sql`
          INSERT INTO baileys_auth (whatsapp_id, company_id, type, key, value)
          VALUES ${sql.join(
            upserts.map((u) => sql`(${owner.whatsappId}, ${owner.companyId}, ${u.type}, ${u.key}, ${u.value})`),
            sql`, `,
          )}
          ON CONFLICT (whatsapp_id, type, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
      }
      if (deletes.length > 0) {
        await db.execute(sql`
          DELETE FROM baileys_auth WHERE whatsapp_id = ${owner.whatsappId}
            AND (type, key) IN (${sql.join(
              deletes.map((d) => sql`(${d.type}, ${d.key})`),
              sql`, `,
            )})`);
      }
    },
    async clear() {
      await db.execute(sql`DELETE FROM baileys_auth WHERE whatsapp_id = ${owner.whatsappId} AND type <> 'creds'`);
    },
  };

  return {
    state: { creds, keys },
    saveCreds: async () => {
      await db.execute(sql`
        INSERT INTO baileys_auth (whatsapp_id, company_id, type, key, value)
        VALUES (${owner.whatsappId}, ${owner.companyId}, 'creds', '', ${encode(creds)})
        ON CONFLICT (whatsapp_id, type, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    },
    clear: () => clearAuthState(db, owner.whatsappId),
  };
}

/** Forgets the connection's pairing (logout, new QR): the next start shows a QR code. */
export async function clearAuthState(db: Db, whatsappId: number) {
  await db.execute(sql`DELETE FROM baileys_auth WHERE whatsapp_id = ${whatsappId}`);
}

/** The phone number a LID maps to, from the mappings Baileys stored in the key store (`lid-mapping` keys). */
export async function pnForLidFromStore(db: Db, whatsappId: number, lidUser: string): Promise<string | null> {
  const rows = rowsOf<{ value: string }>(
    await db.execute(sql`
      SELECT value FROM baileys_auth WHERE whatsapp_id = ${whatsappId} AND type = 'lid-mapping' AND key = ${`${lidUser}_reverse`}`),
  );
  if (!rows[0]) return null;
  const v = decode<unknown>(rows[0].value);
  return typeof v === 'string' && v ? v : null;
}
