/**
 * The scenario suite's helper (issue 31 item 14): one company's day played as a team would play it — an admin setting
 * things up through the HTTP API, customers writing through signed Cloud API webhooks, the Graph stand-in taking
 * every send — and read back as the customer saw it: `customer.received()` is, in order, exactly the texts the
 * stand-in was asked to deliver to that number.
 *
 * Nothing runs in the background: `flush()` lets the reactions settle, then runs the send jobs and the running
 * campaigns' dispatch the way the workers would, until nothing is left to do. Tests never wait on the clock.
 */
import { randomBytes } from 'node:crypto';
import {
  type CloudStatusName,
  envelope,
  type GraphStandin,
  inbound,
  type Json,
  startGraphStandin,
  status,
} from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { dispatchCampaignJob } from '../../src/modules/campaigns/campaigns.jobs';
import { sendMessageJob } from '../../src/modules/messages/messages.public';
import { addUser, type TestUser } from '../attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../harness';
import { type CloudConnection, createCloudConnection, customersWrote, playsMeta, postWebhook, query } from '../messaging';

export interface Received {
  type: string;
  /** The text, the caption of a media, or the body of an interactive message. */
  text: string;
  wamid: string;
  /** `biz_opaque_callback_data`: Atendo's message id. */
  reference?: string;
}

export interface Customer {
  number: string;
  name: string;
  /**
   * The customer writes (a signed webhook, as Meta posts it); what it sets off runs to the end. The channel's clock
   * counts whole seconds: the message is stamped with the next one, so an answer is never older than what it answers.
   * `at`: the channel's timestamp, for a scenario that moves the clock (a sweep run at a later hour).
   */
  says(text: string, opts?: { at?: Date }): Promise<void>;
  /** What the customer received so far, in order. */
  received(): Received[];
  /** Only the texts. */
  texts(): string[];
  /** The customer's live or newest ticket. */
  ticket(): Promise<{ id: number; status: string; queueId: number | null; userId: number | null; isBot: boolean }>;
}

export interface Day {
  t: TestContext;
  standin: GraphStandin;
  tenant: Tenant;
  /** An admin's call; throws unless it answers 2xx. */
  api<T = Json>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string): Promise<T>;
  /** A company setting (Settings → Options). */
  setting(column: string, value: string): Promise<void>;
  queue(name: string, extra?: Json): Promise<number>;
  /** A Cloud API connection on the stand-in (created through the API, then marked connected). */
  connection(extra?: Json): Promise<CloudConnection>;
  attendant(queueIds: number[], name?: string): Promise<TestUser>;
  customer(conn: CloudConnection, name?: string): Customer;
  /**
   * A campaign to these customers, started now (no waiting between sends, any day and hour); its sends run. They wrote
   * to the business today unless `cold` (issue 36: then only a template reaches them).
   */
  campaign(
    conn: CloudConnection,
    to: { name: string; number: string; email?: string }[],
    body: Json,
    opts?: { cold?: boolean },
  ): Promise<number>;
  /** The campaign's report as the page reads it. */
  report(campaignId: number): Promise<{ status: string; totals: Record<string, number> }>;
  /** The channel's delivery report for a message it took (signed webhook). */
  status(conn: CloudConnection, m: Received, name: CloudStatusName, to: string): Promise<void>;
  /** Settles every reaction, runs due sends and running campaigns' dispatch, until nothing moves. */
  flush(): Promise<void>;
}

let seq = 0;
const newNumber = () => `5511${String(900_000_000 + (((Date.now() % 1_000_000) * 100 + ++seq) % 99_999_999))}`;

function render(type: string, body: Json): string {
  const c = (body[type] ?? {}) as Json;
  if (type === 'text') return String(c.body ?? '');
  if (type === 'interactive') return String(((c.body ?? {}) as Json).text ?? '');
  return `[${type}] ${String(c.caption ?? c.filename ?? '')}`.trim();
}

/**
 * One app, one stand-in and one company for the calling test file. The stand-in also answers OpenAI's paths (AI
 * prompts), reached through the outbound guard; `allowHosts` lets it reach other stand-ins the file started first
 * (read when the app starts).
 */
export function useDay(opts: { allowHosts?: () => string[] } = {}): () => Day {
  let day: Day | undefined;
  let t: TestContext | undefined;
  let standin: GraphStandin | undefined;
  beforeAll(async () => {
    standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
    t = await createTestApp({
      env: {
        GRAPH_API_URL: standin.url,
        GRAPH_API_VERSION: 'v21.0',
        OPENAI_API_URL: `${standin.url}/v1`,
        OUTBOUND_ALLOWED_HOSTS: [new URL(standin.url).host, ...(opts.allowHosts?.() ?? [])].join(','),
      },
    });
    day = await openDay(t, standin);
  });
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });
  return () => {
    if (!day) throw new Error('useDay: the day has not started (beforeAll)');
    return day;
  };
}

async function openDay(t: TestContext, standin: GraphStandin): Promise<Day> {
  const tenant = await createTenant(t);
  const { companyId } = tenant;

  async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = tenant.adminToken) {
    const res = await t.app.inject({ method, url, headers: bearer(token), payload: body as never });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return (res.body ? res.json() : null) as T;
  }

  /** The sends the workers would run now: stored, not taken by the channel, not failed, oldest first. */
  async function runSends() {
    const due = await query<{ id: string }>(
      t,
      sql`SELECT id FROM messages WHERE company_id = ${companyId} AND from_me AND NOT is_private AND ack = 0
             AND external_id IS NULL AND send_error IS NULL ORDER BY id`,
    );
    for (const m of due) await t.deps.jobs.runNow(sendMessageJob, { messageId: Number(m.id), companyId, attempt: 1 });
    return due.length;
  }

  async function runCampaigns() {
    const running = await query<{ id: number }>(
      t,
      sql`SELECT id FROM campaigns WHERE company_id = ${companyId} AND status = 'EM_ANDAMENTO' ORDER BY id`,
    );
    for (const c of running) await t.deps.jobs.runNow(dispatchCampaignJob, { companyId, campaignId: c.id });
  }

  async function flush() {
    for (let round = 0; round < 20; round++) {
      await t.settled();
      const before = standin.sent.length;
      const sends = await runSends();
      await runCampaigns();
      await t.settled();
      if (!sends && standin.sent.length === before && !(await runSends())) return;
    }
    throw new Error('flush: still moving after 20 rounds');
  }

  const day: Day = {
    t,
    standin,
    tenant,
    api,
    async setting(column, value) {
      await api('PUT', '/companySettings', { column, data: value });
    },
    async queue(name, extra = {}) {
      const q = await api<{ id: number }>('POST', '/queue', {
        name,
        color: `#${randomBytes(3).toString('hex')}`,
        greetingMessage: `Fila ${name}`,
        ...extra,
      });
      return q.id;
    },
    async connection(extra = {}) {
      const conn = await createCloudConnection(t, tenant, extra);
      await t.database.db.execute(sql`UPDATE whatsapps SET status = 'CONNECTED' WHERE id = ${conn.id}`);
      return conn;
    },
    attendant: (queueIds, name) => addUser(t, tenant, { queueIds, name }),
    customer(conn, name = 'Cliente') {
      const number = newNumber();
      const received = () =>
        standin.sent
          .filter((s) => s.to === number && s.phoneNumberId === conn.phoneNumberId)
          .map((s) => ({ type: s.type, text: render(s.type, s.body), wamid: s.wamid, reference: s.reference }));
      return {
        number,
        name,
        async says(text, opts = {}) {
          const res = await postWebhook(
            t,
            conn,
            envelope(
              { phoneNumberId: conn.phoneNumberId },
              {
                messages: [inbound.text({ from: number, body: text, timestamp: opts.at ?? Math.ceil(Date.now() / 1000) })],
                contacts: [{ waId: number, name }],
              },
            ),
          );
          if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
          await flush();
        },
        received,
        texts: () => received().map((r) => r.text),
        async ticket() {
          const [row] = await query<{
            id: number;
            status: string;
            queue_id: number | null;
            user_id: number | null;
            is_bot: boolean;
          }>(
            t,
            sql`SELECT t.id, t.status, t.queue_id, t.user_id, t.is_bot FROM tickets t JOIN contacts c ON c.id = t.contact_id
                 WHERE t.company_id = ${companyId} AND c.number = ${number} AND t.whatsapp_id = ${conn.id}
                 ORDER BY (t.status <> 'closed') DESC, t.id DESC LIMIT 1`,
          );
          if (!row) throw new Error(`no ticket for ${number}`);
          return { id: row.id, status: row.status, queueId: row.queue_id, userId: row.user_id, isBot: row.is_bot };
        },
      };
    },
    async campaign(conn, to, body, opts = {}) {
      await api('POST', '/campaign-settings', {
        settings: {
          messageInterval: 0,
          longerIntervalAfter: 0,
          greaterInterval: 0,
          sabado: true,
          domingo: true,
          startHour: '00:00',
          endHour: '23:59',
        },
      });
      // The recipients wrote to the business today: a free-text campaign is inside their 24-hour window (Meta
      // refuses free text to anyone else with 131047; a cold list needs a template, issue 36).
      if (!opts.cold) await customersWrote(t, companyId, conn.id, to);
      const list = await api<{ id: number }>('POST', '/contact-lists', { name: `Lista ${++seq}` });
      for (const c of to)
        await api('POST', '/contact-list-items', { name: c.name, number: c.number, email: c.email, contactListId: list.id });
      const created = await api<{ id: number }>('POST', '/campaigns', {
        name: `Campanha ${seq}`,
        whatsappId: conn.id,
        contactListId: list.id,
        ...body,
      });
      // Start it now: only a CANCELADA campaign is restarted by hand (issue 37 item 12); an INATIVA one waits for its
      // schedule and the minute's tick, which a scenario does not wait for.
      await t.database.db.execute(
        sql`UPDATE campaigns SET status = 'CANCELADA' WHERE id = ${created.id} AND status = 'INATIVA' AND company_id = ${companyId}`,
      );
      await api('POST', `/campaigns/${created.id}/restart`);
      await flush();
      return created.id;
    },
    async report(campaignId) {
      const r = await api<{ campaign: { status: string }; totals: Record<string, number> }>(
        'GET',
        `/campaigns/${campaignId}/report`,
      );
      return { status: r.campaign.status, totals: r.totals };
    },
    async status(conn, m, name, to) {
      const res = await postWebhook(
        t,
        conn,
        envelope(
          { phoneNumberId: conn.phoneNumberId },
          { statuses: [status(name, { id: m.wamid, recipient: to, reference: m.reference })] },
        ),
      );
      if (res.statusCode !== 200) throw new Error(`status webhook: ${res.statusCode} ${res.body}`);
    },
    flush,
  };
  return day;
}
