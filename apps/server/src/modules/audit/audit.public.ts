/**
 * How other modules write the audit log (docs/architecture.md, the module rule): `recordAudit` after the action is
 * done. It never throws and the caller does not wait for it — writing the log never blocks or fails what it records.
 */
import { AUDIT_MASK, type AuditAction, SECRET_FIELD_PATTERN } from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { insertAuditLog } from './audit.repository';

type Json = Record<string, unknown>;

export interface AuditEntry {
  action: AuditAction;
  /** The kind of record (table-like name: 'user', 'queue', 'setting'). */
  entity: string;
  entityId?: string | number | null;
  before?: object | null;
  after?: object | null;
  /** The company the action concerns when not the actor's own (the super admin acting on another company). */
  companyId?: number;
}

/** A copy whose secret fields are masked and whose dates are strings (what jsonb keeps). */
export function maskSecrets(value: object | null | undefined): Json | null {
  if (!value) return null;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (SECRET_FIELD_PATTERN.test(k)) out[k] = v === null || v === '' ? v : AUDIT_MASK;
    else if (v instanceof Date) out[k] = v.toISOString();
    else if (v && typeof v === 'object' && !Array.isArray(v)) out[k] = maskSecrets(v);
    else out[k] = v;
  }
  return out;
}

/** For an update: only the fields that changed, on both sides (the row's own updatedAt is no change). */
function changedOnly(before: Json | null, after: Json | null): [Json | null, Json | null] {
  if (!before || !after) return [before, after];
  const b: Json = {};
  const a: Json = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!(k in after) || k === 'updatedAt') continue;
    if (JSON.stringify(before[k]) === JSON.stringify(after[k])) continue;
    b[k] = before[k];
    a[k] = after[k];
  }
  return [b, a];
}

/** Test hook: every write not yet finished (tests wait for them instead of sleeping). */
const pending = new Set<Promise<void>>();
export const auditSettled = async () => {
  await Promise.all([...pending]);
};

export function recordAudit(deps: Pick<CoreDeps, 'database'>, ctx: TenantContext, entry: AuditEntry): void {
  const [before, after] = changedOnly(maskSecrets(entry.before), maskSecrets(entry.after));
  const write = insertAuditLog(deps.database.db, {
    companyId: entry.companyId ?? ctx.companyId,
    // the command line's operator (id 0) is no user: the entry keeps its name only
    userId: ctx.user.id > 0 ? ctx.user.id : null,
    userName: ctx.user.name,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    ip: ctx.ip ?? null,
    before,
    after,
  })
    .catch((err: unknown) => {
      // The action is done; a lost audit line is reported, never turned into the action's failure.
      console.error('audit log write failed', entry.action, err);
    })
    .finally(() => pending.delete(write));
  pending.add(write);
}
