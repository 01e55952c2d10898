/**
 * Sweeps over every registered route (collected by the harness' onRoute hook), so a route added
 * tomorrow is covered without writing anything here:
 *  (a) bad input never answers 5xx;
 *  (b) a second company's admin gets 404/403 on company-scoped routes with an id-like parameter,
 *      never the first company's data, and changes nothing of it;
 *  (c) super-only routes refuse admins and users;
 *  (d) plan-gated routes answer 403 ERR_PLAN_FEATURE_DISABLED when the plan has the flag off;
 *  (e) the OpenAPI document lists every route, each with tags.
 */
import { randomBytes } from 'node:crypto';
import { can, type Permission, type PlanFlag } from '@atendo/shared';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSettled } from '../src/modules/audit/audit.public';
import { bearer, createTenant, createTestApp, superAdminToken, type Tenant, type TestContext } from './harness';
import {
  BAD_PARAMS,
  BIG_STRING,
  fill,
  HTML,
  type IdHints,
  INVALID_UTF8,
  keysOf,
  LONE_SURROGATE,
  MB_STRING,
  NUL_STRING,
  PLAN_PROBE,
  probes,
  RAW_INVALID_UTF8_QUERY,
  SQL,
  SUPER_PROBE,
  type SweptRoute,
  sampleBody,
  sweptRoutes,
  WRONG_TYPES,
} from './sweep-inputs';

let t: TestContext;
let routes: SweptRoute[];
let superToken: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOGIN_RATE_IP_PER_MINUTE: '100000', LOGIN_RATE_EMAIL_PER_15_MINUTES: '100000' },
    build: { extend: probes },
  });
  routes = sweptRoutes(t.routes);
  superToken = await superAdminToken(t);
}, 120_000);
afterAll(async () => t?.close());

/**
 * Routes that end the caller's own session (or, with the default id 1, the super admin's): swept with a throwaway
 * token, so the rest of the sweep keeps its session.
 */
const ENDS_SESSION = new Set(['DELETE /auth/logout', 'DELETE /users/:id/sessions', 'DELETE /auth/sessions/:sessionId']);

/** Issue 34's routes: the sweeps below must reach them (bad input, another company's admin, role). */
const TRUST_ROUTES = [
  'POST /auth/login/two-factor',
  'GET /auth/two-factor',
  'POST /auth/two-factor/setup',
  'POST /auth/two-factor/confirm',
  'POST /auth/two-factor/recovery-codes',
  'POST /auth/two-factor/disable',
  'GET /auth/sessions',
  'DELETE /auth/sessions/:sessionId',
  'DELETE /users/:id/sessions',
  'DELETE /users/:id/two-factor',
  'GET /contacts/:contactId/data-export',
  'POST /contacts/:contactId/erase',
  'GET /companies/:companyId/data-export',
];

it('the sweeps reach the two-factor, session and LGPD routes (issue 34)', () => {
  const swept = new Set(routes.map((r) => `${r.method} ${r.url}`));
  expect(TRUST_ROUTES.filter((k) => !swept.has(k))).toEqual([]);
});

describe('(a) bad-input sweep', () => {
  it('answers 4xx (never 5xx) to malformed, mistyped, huge, SQL and HTML input on every route', async () => {
    const failures: string[] = [];
    let requests = 0;
    const started = Date.now();
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      const token = ENDS_SESSION.has(key) ? 'x.y.z' : superToken;
      const headers = bearer(token);
      const send = async (
        label: string,
        opts: { url?: string; payload?: unknown; raw?: string | Buffer; contentType?: string; query?: string },
      ) => {
        requests++;
        const url = (opts.url ?? fill(r.url, {})) + (opts.query ? `?${opts.query}` : '');
        const res = await t.app.inject({
          method: r.method,
          url,
          headers: { ...headers, ...(opts.contentType ? { 'content-type': opts.contentType } : {}) },
          ...(opts.raw !== undefined
            ? { payload: opts.raw }
            : opts.payload !== undefined
              ? { payload: opts.payload as object }
              : {}),
        });
        if (res.statusCode >= 500) failures.push(`${key} [${label}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
      };

      for (const p of r.params) {
        for (const bad of BAD_PARAMS) await send(`param ${p}=${bad.slice(0, 20)}`, { url: fill(r.url, { [p]: bad }) });
      }
      const hasBody = r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH' || r.method === 'DELETE';
      if (hasBody) {
        await send('malformed JSON', { raw: '{"name": "x",', contentType: 'application/json' });
        await send('JSON array', { raw: '[1,2,3]', contentType: 'application/json' });
        await send('JSON string', { raw: '"just a string"', contentType: 'application/json' });
        await send('prototype pollution', {
          raw: '{"__proto__":{"profile":"admin"},"constructor":{"prototype":{"x":1}}}',
          contentType: 'application/json',
        });
        await send('text/plain body', { raw: 'hello', contentType: 'text/plain' });
        await send('1 MB string', { payload: { name: MB_STRING, body: MB_STRING } });
        await send('invalid UTF-8', { raw: INVALID_UTF8, contentType: 'application/json' });
        const keys = keysOf(r.body);
        const fields = keys.length > 0 ? keys : ['name', 'email', 'body', 'id', 'status'];
        for (const [label, value] of [
          ['SQL', SQL],
          ['HTML', HTML],
          ['100k string', BIG_STRING],
          ['NUL', NUL_STRING],
          ['lone surrogate', LONE_SURROGATE],
          ...WRONG_TYPES.map((v) => [`wrong type ${JSON.stringify(v)}`, v] as const),
        ] as const) {
          await send(`body ${label}`, { payload: Object.fromEntries(fields.map((k) => [k, value])) });
        }
      }
      const qKeys = keysOf(r.query);
      const qFields = qKeys.length > 0 ? qKeys : ['searchParam', 'pageNumber'];
      for (const [label, value] of [
        ['SQL', SQL],
        ['HTML', HTML],
        ['5k string', 'q'.repeat(5000)],
        ['negative', '-1'],
        ['object', '[object Object]'],
        ['NUL', NUL_STRING],
        ['invalid UTF-8', RAW_INVALID_UTF8_QUERY],
      ] as const) {
        await send(`query ${label}`, {
          query: qFields
            .map((k) => `${encodeURIComponent(k)}=${value === RAW_INVALID_UTF8_QUERY ? value : encodeURIComponent(value)}`)
            .join('&'),
        });
      }
      await send('query repeated keys', { query: qFields.map((k) => `${k}=1&${k}=2&${k}[a]=3`).join('&') });
    }
    console.info(`bad-input sweep: ${routes.length} routes, ${requests} requests in ${Date.now() - started} ms`);
    expect(routes.length).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('(b) cross-company sweep', () => {
  let a: Tenant;
  let b: Tenant;
  const MARK = `SweepA${randomBytes(3).toString('hex')}`;
  let snapshotBefore: string;
  let aIds: { ints: number[]; uuids: string[] };

  /** Every row of company A in every table that has company_id, as one string. */
  async function snapshotA(): Promise<string> {
    await auditSettled(); // the audit log's writes do not hold up the actions they record
    const tables = await t.database.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
       WHERE column_name = 'company_id' AND table_schema = 'public' ORDER BY table_name`,
    );
    const parts: string[] = [];
    for (const { table_name } of tables) {
      const rows = await t.database.query<{ r: string }>(
        `SELECT t::text AS r FROM "${table_name}" t WHERE company_id = $1 ORDER BY t::text`,
        [a.companyId],
      );
      parts.push(`${table_name}:${rows.map((x) => x.r).join('|')}`);
    }
    return parts.join('\n');
  }

  async function idsOfA() {
    const cols = await t.database.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       WHERE c.table_schema = 'public' AND c.column_name IN ('id', 'uuid')
         AND EXISTS (SELECT 1 FROM information_schema.columns k WHERE k.table_schema = 'public'
                     AND k.table_name = c.table_name AND k.column_name = 'company_id')`,
    );
    const ints = new Set<number>();
    const uuids = new Set<string>();
    for (const c of cols) {
      const rows = await t.database.query<{ v: unknown }>(
        `SELECT "${c.column_name}" AS v FROM "${c.table_name}" WHERE company_id = $1`,
        [a.companyId],
      );
      for (const { v } of rows) {
        if (typeof v === 'number') ints.add(v);
        else if (typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v)) uuids.add(v);
      }
    }
    ints.add(a.companyId);
    return { ints: [...ints], uuids: [...uuids] };
  }

  /** `queueId` → an id in `queues` of that company, for every table with company_id. */
  async function hintsOf(companyId: number): Promise<IdHints> {
    const tables = await t.database.query<{ table_name: string }>(
      `SELECT c.table_name FROM information_schema.columns c WHERE c.table_schema = 'public' AND c.column_name = 'id'
         AND c.data_type = 'integer' AND EXISTS (SELECT 1 FROM information_schema.columns k WHERE k.table_schema = 'public'
         AND k.table_name = c.table_name AND k.column_name = 'company_id')`,
    );
    const hints: IdHints = { companyId };
    for (const { table_name } of tables) {
      const [row] = await t.database.query<{ id: number }>(
        `SELECT id FROM "${table_name}" WHERE company_id = $1 ORDER BY id LIMIT 1`,
        [companyId],
      );
      if (row) hints[`${table_name.replace(/s$/, '')}Id`] = row.id;
    }
    return hints;
  }
  let bHints: IdHints = {};

  beforeAll(async () => {
    b = await createTenant(t);
    // Company A's rows get ids far above anything B has: an id of A is never also an id of B.
    const seqs = await t.database.query<{ s: string }>(
      `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS s FROM pg_sequences WHERE schemaname = 'public'`,
    );
    const bumpSequences = async (floor: number) => {
      for (const { s } of seqs)
        await t.database.query(`SELECT setval('${s}', GREATEST((SELECT last_value FROM ${s}), ${floor}))`);
    };
    await bumpSequences(500_000);
    a = await createTenant(t, { name: `${MARK} company` });
    // Company A fills its tables through the API itself: every create route with a generated body.
    for (let pass = 0; pass < 3; pass++) {
      const hints = await hintsOf(a.companyId);
      for (const r of routes) {
        if (r.method !== 'POST' || r.config.public || r.multipart || r.params.length > 0) continue;
        const res = await t.app.inject({
          method: 'POST',
          url: r.url,
          headers: bearer(a.adminToken),
          payload: sampleBody(r.body, MARK, hints) as object,
        });
        if (process.env.SWEEP_DEBUG)
          console.info(
            `A creates: POST ${r.url} → ${res.statusCode} ${res.body.slice(0, 300)} ${JSON.stringify(sampleBody(r.body, MARK))}`,
          );
      }
    }
    aIds = await idsOfA();
    await bumpSequences(900_000); // what B creates from now on is above A's range too
    // B gets records of its own too, so ids in B's bodies are valid and only the path points at A
    for (let pass = 0; pass < 2; pass++) {
      const hints = await hintsOf(b.companyId);
      for (const r of routes) {
        if (r.method !== 'POST' || r.config.public || r.multipart || r.params.length > 0) continue;
        await t.app.inject({
          method: 'POST',
          url: r.url,
          headers: bearer(b.adminToken),
          payload: sampleBody(r.body, 'SweepB', hints) as object,
        });
      }
    }
    bHints = await hintsOf(b.companyId);
    snapshotBefore = await snapshotA();
  }, 120_000);

  it("answers 404 or 403 with B's admin token for every id of A, never A's data, and changes nothing of A", async () => {
    const scoped = routes.filter((r) => !r.config.public && r.params.some((p) => /id$/i.test(p) || p === 'uuid'));
    expect(scoped.length).toBeGreaterThan(0);
    const failures: string[] = [];
    const inconclusive = new Set<string>();
    const markers = [MARK.toLowerCase(), a.adminEmail, a.userEmail];
    let requests = 0;
    for (const r of scoped) {
      const key = `${r.method} ${r.url}`;
      const candidates: Record<string, string>[] = [];
      for (const p of r.params) {
        const values =
          p === 'uuid'
            ? aIds.uuids
            : p === 'ticketId' // a ticket in a path is its number or its uuid (issue 37)
              ? [...aIds.ints.map(String), ...aIds.uuids]
              : /companyId$/i.test(p)
                ? [String(a.companyId)]
                : /id$/i.test(p)
                  ? aIds.ints.map(String)
                  : ['1'];
        for (const v of values) candidates.push({ [p]: v });
      }
      for (const values of candidates) {
        const url = fill(r.url, values);
        const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : (sampleBody(r.body, 'SweepB', bHints) ?? {});
        requests++;
        const res = await t.app.inject({
          method: r.method,
          url,
          headers: bearer(b.adminToken),
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        const text = res.body.toLowerCase();
        if (markers.some((m) => text.includes(m.toLowerCase())))
          failures.push(`${key} ${url} → leaked A's data: ${res.body.slice(0, 200)}`);
        if (res.statusCode === 404 || res.statusCode === 403) continue;
        if (res.statusCode === 400 || res.statusCode === 415) {
          inconclusive.add(`${key} (${res.statusCode})`); // input refused before ownership could be checked
          continue;
        }
        failures.push(`${key} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    if (inconclusive.size)
      console.info(`cross-company sweep: refused as input before the ownership check: ${[...inconclusive].join(', ')}`);
    console.info(`cross-company sweep: ${scoped.length} routes, ${requests} requests, ${aIds.ints.length} ids of A`);
    expect(failures).toEqual([]);
    expect(await snapshotA()).toBe(snapshotBefore);
  }, 300_000);
});

describe('(c) super-only routes', () => {
  it('refuse a company admin and a plain user with 403', async () => {
    const tenant = await createTenant(t);
    const guarded = routes.filter((r) => {
      const perm = r.config.permission as Permission | undefined;
      const adminMayNot = perm ? !can({ profile: 'admin', super: false }, perm) : false;
      return r.config.superOnly || adminMayNot;
    });
    const all = [
      ...guarded,
      { method: 'GET' as HTTPMethods, url: SUPER_PROBE, params: [], config: { superOnly: true }, multipart: false },
    ];
    const failures: string[] = [];
    for (const r of all) {
      for (const token of [tenant.adminToken, tenant.userToken]) {
        const res = await t.app.inject({
          method: r.method,
          url: fill(r.url, {}),
          headers: bearer(token),
          payload: r.method === 'GET' ? undefined : {},
        });
        if (res.statusCode !== 403) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    const ok = await t.app.inject({ method: 'GET', url: SUPER_PROBE, headers: bearer(superToken) });
    expect(ok.statusCode).toBe(200);
  });
});

describe('(c2) permission-gated routes', () => {
  it("refuse a plain user with 403 where the permission is an admin's (users' sessions and second factor among them)", async () => {
    const tenant = await createTenant(t);
    const gated = routes.filter((r) => {
      const perm = r.config.permission as Permission | undefined;
      return perm && !r.config.superOnly && !can({ profile: 'user', super: false }, perm);
    });
    expect(gated.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['DELETE /users/:id/sessions', 'DELETE /users/:id/two-factor']),
    );
    const failures: string[] = [];
    for (const r of gated) {
      const res = await t.app.inject({
        method: r.method,
        url: fill(r.url, { id: String(tenant.adminId) }),
        headers: bearer(tenant.userToken),
        payload: r.method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 403) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('(d) plan flags', () => {
  it('answer 403 ERR_PLAN_FEATURE_DISABLED when the company plan has the flag off', async () => {
    const flags = [
      'useWhatsapp',
      'useFacebook',
      'useInstagram',
      'useCampaigns',
      'useSchedules',
      'useInternalChat',
      'useExternalApi',
      'useKanban',
      'useOpenAi',
      'useIntegrations',
    ] as const satisfies readonly PlanFlag[];
    const tenant = await createTenant(t, { planFlags: Object.fromEntries(flags.map((f) => [f, false])) });
    const gated = [
      ...routes.filter((r) => r.config.plan && !r.config.superOnly),
      {
        method: 'GET' as HTTPMethods,
        url: PLAN_PROBE,
        params: [],
        config: { plan: 'useCampaigns' as PlanFlag },
        multipart: false,
      },
    ];
    const failures: string[] = [];
    for (const r of gated) {
      const res = await t.app.inject({
        method: r.method,
        url: fill(r.url, {}),
        headers: bearer(tenant.adminToken),
        payload: r.method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 403 || res.json().error !== 'ERR_PLAN_FEATURE_DISABLED')
        failures.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
    const allowed = await createTenant(t);
    const ok = await t.app.inject({ method: 'GET', url: PLAN_PROBE, headers: bearer(allowed.adminToken) });
    expect(ok.statusCode).toBe(200);
  });
});

describe('(e) OpenAPI', () => {
  it('/docs/json lists every route, each with tags', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const missing: string[] = [];
    const untagged: string[] = [];
    for (const r of routes) {
      const p = r.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[p]?.[r.method.toLowerCase()];
      if (!op) missing.push(`${r.method} ${r.url}`);
      else if (!op.tags?.length) untagged.push(`${r.method} ${r.url}`);
    }
    expect(missing).toEqual([]);
    expect(untagged).toEqual([]);
  });
});
