/**
 * The inputs of the route sweeps (sweep.test.ts): the registered routes as the sweeps read them,
 * test-only probe routes, values that pass a route's schema, and the hostile values thrown at it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { RouteAccess } from '../src/platform/auth';
import type { App } from '../src/platform/http';

export interface SweptRoute {
  method: HTTPMethods;
  url: string;
  config: RouteAccess;
  params: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  multipart: boolean;
}

export const PLAN_PROBE = '/__sweep/plan-probe';
export const SUPER_PROBE = '/__sweep/super-probe';

/** Test-only routes so (c) and (d) always have something to check, whatever the modules declare today. */
export function probes(app: App) {
  app.get(PLAN_PROBE, { config: { plan: 'useCampaigns' }, schema: { tags: ['test'] } }, async () => ({ ok: true }));
  app.get(SUPER_PROBE, { config: { superOnly: true }, schema: { tags: ['test'] } }, async () => ({ ok: true }));
}

export function sweptRoutes(all: RouteOptions[]): SweptRoute[] {
  const out: SweptRoute[] = [];
  for (const r of all) {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]) as HTTPMethods[];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (r.url.startsWith('/docs') || r.url === '*' || r.url.startsWith('/__sweep')) continue;
      const schema = (r.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType; consumes?: string[] };
      out.push({
        method,
        url: r.url,
        config: (r.config ?? {}) as RouteAccess,
        params: [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]),
        body: schema.body,
        query: schema.querystring,
        multipart: Boolean(schema.consumes?.includes('multipart/form-data')),
      });
    }
  }
  return out;
}

export const fill = (url: string, values: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));

/** Keys of an object schema (body or query), to aim bad values at real fields. */
export function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

/** Ids to put in `<thing>Id` fields: one record of the company per table (queueId → a queue of its own). */
export type IdHints = Record<string, number>;

/** A value that passes the schema when it is simple enough (required fields only), carrying a marker in its strings. */
function sample(s: JsonSchema | undefined, marker: string, depth = 0, name = '', hints: IdHints = {}): unknown {
  if (!s || depth > 6) return undefined;
  if (hints[name] !== undefined) return s.type === 'array' ? [hints[name]] : hints[name];
  if (s.type === 'array' && hints[name.replace(/s$/, '')] !== undefined) return [hints[name.replace(/s$/, '')]];
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) {
    const pick = alt.find((x) => x.type !== 'null') ?? alt[0];
    return sample(pick, marker, depth + 1, name, hints);
  }
  if (s.allOf) return sample(s.allOf[0], marker, depth + 1, name, hints);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = sample(s.properties?.[k], marker, depth + 1, k, hints);
      for (const k of Object.keys(s.properties ?? {})) if (hints[k] !== undefined && out[k] === undefined) out[k] = hints[k];
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items, marker, depth + 1, name.replace(/s$/, ''), hints));
    case 'string': {
      if (s.format === 'email') return `${marker.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return new Date().toISOString().slice(0, 10);
      if (s.format === 'uuid') return randomUUID();
      if (s.pattern?.startsWith('^#')) return `#${randomBytes(3).toString('hex')}`;
      if (s.pattern?.includes(':')) return '08:00';
      let v = `${marker} ${randomBytes(3).toString('hex')}`;
      if (s.minLength && v.length < s.minLength) v = v.padEnd(s.minLength, 'x');
      if (s.maxLength && v.length > s.maxLength) v = v.slice(0, s.maxLength);
      return v;
    }
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

export function sampleBody(schema: z.ZodType | undefined, marker: string, hints: IdHints = {}): unknown {
  if (!schema) return undefined;
  try {
    return sample(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, marker, 0, '', hints);
  } catch {
    return {};
  }
}

export const SQL = "1' OR '1'='1'; DROP TABLE users; --";
export const HTML = '<img src=x onerror=alert(1)><script>alert(document.cookie)</script>';
export const MB_STRING = 'x'.repeat(1024 * 1024);
export const BIG_STRING = 'ç'.repeat(100_000); // inside the body limit: reaches the database (index row limits, etc.)
export const BAD_PARAMS = ['abc', '-1', '0', '1.5', '99999999999999999999', SQL, HTML, '%00', 'x'.repeat(3000), '{"$gt":0}'];
export const NUL_STRING = 'a\u0000b';
export const LONE_SURROGATE = 'a\ud800b';
/** A JSON body whose string holds bytes that are not UTF-8. */
export const INVALID_UTF8 = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
/** Sent as is (not percent-encoded again): bytes 0xFF 0xFE are not UTF-8. */
export const RAW_INVALID_UTF8_QUERY = '%FF%FE';
export const WRONG_TYPES: unknown[] = [{ nested: { deep: true } }, [1, 2, 3], 12345.678, true, null, -1];
