/**
 * The SQL the Baileys sessions need: leases (one owner process per connection), the connection's settings,
 * LID ↔ phone number resolution on contacts, and the bookkeeping of a history import.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import { companyIsActiveSql } from '../../platform/context';

export interface SessionConnection {
  id: number;
  companyId: number;
  name: string;
  status: string;
  groupAsTicket: string;
  allowGroup: boolean;
  importOldMessages: Date | null;
  importRecentMessages: Date | null;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: number | null;
  statusImportMessages: string;
  acceptCallWhatsapp: string;
  acceptCallWhatsappMessage: string;
}

const toDate = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

/** A QR connection with what the session decides by (group rule, import, call rule). */
export async function loadSessionConnection(db: Db, id: number): Promise<SessionConnection | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT w.id, w.company_id, w.name, w.status, w.group_as_ticket, w.allow_group, w.import_old_messages,
             w.import_recent_messages, w.import_old_messages_groups, w.closed_tickets_post_imported,
             w.queue_id_import_messages, w.status_import_messages,
             COALESCE(cs.accept_call_whatsapp, 'enabled') AS accept_call_whatsapp,
             COALESCE(cs.accept_call_whatsapp_message, '') AS accept_call_whatsapp_message
      FROM whatsapps w LEFT JOIN company_settings cs ON cs.company_id = w.company_id
      WHERE w.id = ${id} AND w.channel = 'whatsapp'`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    companyId: Number(r.company_id),
    name: String(r.name),
    status: String(r.status),
    groupAsTicket: String(r.group_as_ticket),
    allowGroup: r.allow_group === true,
    importOldMessages: toDate(r.import_old_messages),
    importRecentMessages: toDate(r.import_recent_messages),
    importOldMessagesGroups: r.import_old_messages_groups === true,
    closedTicketsPostImported: r.closed_tickets_post_imported === true,
    queueIdImportMessages: r.queue_id_import_messages == null ? null : Number(r.queue_id_import_messages),
    statusImportMessages: String(r.status_import_messages ?? ''),
    acceptCallWhatsapp: String(r.accept_call_whatsapp),
    acceptCallWhatsappMessage: String(r.accept_call_whatsapp_message),
  };
}

// ─── leases ─────────────────────────────────────────────────────────────────────

/**
 * QR connections that should run and that nobody else holds: never started (no session row) or not
 * DISCONNECTED, and unowned, expired, or already ours — of an active company.
 */
export async function claimableConnections(db: Db, owner: string): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT w.id FROM whatsapps w LEFT JOIN baileys_sessions s ON s.whatsapp_id = w.id
      WHERE w.channel = 'whatsapp' AND ${companyIsActiveSql(sql`w.company_id`)}
        AND (s.whatsapp_id IS NULL OR w.status <> 'DISCONNECTED' OR s.command IS NOT NULL)
        AND (s.owner IS NULL OR s.owner = ${owner} OR s.lease_expires_at < now())
      ORDER BY w.id`),
  );
  return rows.map((r) => Number(r.id));
}

/** Takes (or renews) the lease when it is free, expired or ours; false when another live process holds it. */
export async function acquireLease(db: Db, p: { whatsappId: number; owner: string; ttlMs: number }): Promise<boolean> {
  const rows = rowsOf<{ owner: string }>(
    await db.execute(sql`
      INSERT INTO baileys_sessions (whatsapp_id, company_id, owner, lease_expires_at)
      SELECT w.id, w.company_id, ${p.owner}, now() + make_interval(secs => ${p.ttlMs / 1000})
      FROM whatsapps w WHERE w.id = ${p.whatsappId}
      ON CONFLICT (whatsapp_id) DO UPDATE SET owner = EXCLUDED.owner, lease_expires_at = EXCLUDED.lease_expires_at, updated_at = now()
        WHERE baileys_sessions.owner IS NULL OR baileys_sessions.owner = EXCLUDED.owner OR baileys_sessions.lease_expires_at < now()
      RETURNING owner`),
  );
  return rows[0]?.owner === p.owner;
}

/**
 * Renews every lease this process holds; answers the ids still ours and the commands waiting for them. A connection
 * of a deactivated company is not renewed: its socket closes (without logging out) until the company is active again.
 */
export async function renewLeases(
  db: Db,
  p: { owner: string; ids: number[]; ttlMs: number },
): Promise<Map<number, string | null>> {
  if (p.ids.length === 0) return new Map();
  const rows = rowsOf<{ whatsapp_id: number; command: string | null }>(
    await db.execute(sql`
      WITH old AS (
        SELECT whatsapp_id, command FROM baileys_sessions
        WHERE owner = ${p.owner} AND whatsapp_id IN (${sql.join(
          p.ids.map((id) => sql`${id}`),
          sql`, `,
        )})
          AND ${companyIsActiveSql(sql`baileys_sessions.company_id`)}
        FOR UPDATE
      ), u AS (
        UPDATE baileys_sessions s SET lease_expires_at = now() + make_interval(secs => ${p.ttlMs / 1000}), command = NULL, updated_at = now()
        FROM old WHERE s.whatsapp_id = old.whatsapp_id
        RETURNING s.whatsapp_id, old.command
      ) SELECT * FROM u`),
  );
  return new Map(rows.map((r) => [Number(r.whatsapp_id), r.command]));
}

/** Lets go of a connection (shutdown, lost interest): another process may take it at once. */
export async function releaseLease(db: Db, p: { whatsappId: number; owner: string }) {
  await db.execute(sql`
    UPDATE baileys_sessions SET owner = NULL, lease_expires_at = NULL, updated_at = now()
    WHERE whatsapp_id = ${p.whatsappId} AND owner = ${p.owner}`);
}

/** Who holds the connection now (null: nobody alive). */
export async function leaseOwner(db: Db, whatsappId: number): Promise<string | null> {
  const rows = rowsOf<{ owner: string | null }>(
    await db.execute(sql`
      SELECT owner FROM baileys_sessions WHERE whatsapp_id = ${whatsappId} AND owner IS NOT NULL AND lease_expires_at >= now()`),
  );
  return rows[0]?.owner ?? null;
}

/** Leaves a command for the connection's owner (another process), creating the session row when missing. */
export async function requestCommand(db: Db, whatsappId: number, command: 'restart' | 'newqr' | 'logout') {
  await db.execute(sql`
    INSERT INTO baileys_sessions (whatsapp_id, company_id, command)
    SELECT id, company_id, ${command} FROM whatsapps WHERE id = ${whatsappId}
    ON CONFLICT (whatsapp_id) DO UPDATE SET command = EXCLUDED.command, updated_at = now()`);
}

export async function takeCommand(db: Db, whatsappId: number): Promise<string | null> {
  const rows = rowsOf<{ command: string | null }>(
    await db.execute(sql`
      WITH old AS (SELECT command FROM baileys_sessions WHERE whatsapp_id = ${whatsappId} FOR UPDATE)
      UPDATE baileys_sessions SET command = NULL FROM old WHERE whatsapp_id = ${whatsappId} RETURNING old.command`),
  );
  return rows[0]?.command ?? null;
}

/** Marks the connection as started once (so a DISCONNECTED connection that was never started still starts). */
export async function ensureSessionRow(db: Db, whatsappId: number) {
  await db.execute(sql`
    INSERT INTO baileys_sessions (whatsapp_id, company_id) SELECT id, company_id FROM whatsapps WHERE id = ${whatsappId}
    ON CONFLICT (whatsapp_id) DO NOTHING`);
}

export async function connectionExists(db: Db, whatsappId: number) {
  const rows = rowsOf(await db.execute(sql`SELECT 1 FROM whatsapps WHERE id = ${whatsappId}`));
  return rows.length > 0;
}

// ─── import ─────────────────────────────────────────────────────────────────────

export async function setImportStatus(db: Db, whatsappId: number, status: string) {
  const rows = rowsOf<{ company_id: number }>(
    await db.execute(sql`
      UPDATE whatsapps SET status_import_messages = ${status}, updated_at = now() WHERE id = ${whatsappId} RETURNING company_id`),
  );
  return rows[0] ? Number(rows[0].company_id) : null;
}
