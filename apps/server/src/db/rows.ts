/** Raw rows (a statement built once, row_to_json) decoded the way Drizzle's own select decodes them. */
import { type Column, getTableColumns, is, Table } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import * as schema from './schema';

/**
 * Every schema column by its database name (`amount_used_bot_queues_nps`), with its Drizzle key
 * (`amountUsedBotQueuesNPS`) and decoder. No name means two things across the tables (checked when it was written).
 */
let columnsByName: Map<string, { key: string; column: Column }> | undefined;
function schemaColumns() {
  if (columnsByName) return columnsByName;
  const casing = new CasingCache('snake_case'); // db/open.ts opens Drizzle with casing: 'snake_case'
  columnsByName = new Map();
  for (const table of Object.values(schema)) {
    if (!is(table, Table)) continue;
    for (const [key, column] of Object.entries(getTableColumns(table))) {
      columnsByName.set(casing.getColumnCasing(column), { key, column });
    }
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
      out[col.key] = v === null || v === undefined || v instanceof Date ? v : col.column.mapFromDriverValue(v);
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
