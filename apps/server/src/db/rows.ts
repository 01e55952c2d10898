/** Raw rows (a statement built once, row_to_json) decoded the way Drizzle's own select decodes them. */
import { type Column, getTableColumns, is, Table } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import * as schema from './schema';

type Decode = (value: unknown) => unknown;

/** Column types whose driver value is a string of digits (int8) that Drizzle's select gives as a number. */
const BIGINT_TYPES = new Set(['PgBigInt53', 'PgBigSerial53']);

/**
 * Every schema column by its database name (`amount_used_bot_queues_nps`), with its Drizzle key
 * (`amountUsedBotQueuesNPS`) and decoder. A name several tables use with different types (`id`: serial, bigserial or
 * uuid; `message_id`; `value`: text or numeric; `detail`: text or jsonb) cannot say which table a raw row came from:
 * its value is kept as the driver gave it, except an int8's digits, which become the number the bigint columns hold.
 */
let columnsByName: Map<string, { key: string; decode: Decode }> | undefined;
function schemaColumns() {
  if (columnsByName) return columnsByName;
  const casing = new CasingCache('snake_case'); // db/open.ts opens Drizzle with casing: 'snake_case'
  const seen = new Map<string, { key: string; columns: Column[] }>();
  for (const table of Object.values(schema)) {
    if (!is(table, Table)) continue;
    for (const [key, column] of Object.entries(getTableColumns(table))) {
      const name = casing.getColumnCasing(column);
      const entry = seen.get(name) ?? { key, columns: [] };
      entry.columns.push(column);
      seen.set(name, entry);
    }
  }
  columnsByName = new Map();
  for (const [name, { key, columns }] of seen) {
    const types = new Set(columns.map((c) => c.columnType));
    let decode: Decode;
    if (types.size === 1) decode = (v) => columns[0].mapFromDriverValue(v);
    else if (columns.some((c) => BIGINT_TYPES.has(c.columnType)))
      decode = (v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v);
    else decode = (v) => v;
    columnsByName.set(name, { key, decode });
  }
  return columnsByName;
}

const camelKeys = new Map<string, string>();
/** Columns other modules add for their own queries (full-text search) that no DTO carries. */
const SKIPPED_KEYS = new Set(['body_tsv']);

/**
 * A raw row (`row_to_json`, a pg result row: snake_case keys, ISO dates in JSON) as Drizzle's select gives it: a schema
 * column under its schema key, through the column's own decoder (dates, bigints, numerics); any other key (an alias)
 * in camelCase, as it came.
 */
export function camelRow<T>(raw: Record<string, unknown>): T {
  const columns = schemaColumns();
  const out: Record<string, unknown> = {};
  for (const k in raw) {
    if (SKIPPED_KEYS.has(k)) continue;
    const v = raw[k];
    const col = columns.get(k);
    if (col) {
      // The pg driver parses timestamps itself (Drizzle asks it not to): a Date is kept as it came.
      out[col.key] = v === null || v === undefined || v instanceof Date ? v : col.decode(v);
      continue;
    }
    let key = camelKeys.get(k);
    if (key === undefined) {
      key = k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      camelKeys.set(k, key);
    }
    out[key] = v;
  }
  return out as T;
}
