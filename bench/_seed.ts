/**
 * The benches' shared data (bench/ticket-list, bench/dashboard; issue 17 "Done when"): one company's year of
 * attendance, set-based (INSERT … SELECT generate_series), shaped like a real one rather than a flattering one:
 *
 * - tickets: 80% closed over the last 365 days, 10% open within ~60 days, 7% pending within 14 days, 3% groups;
 *   15% started by the business; each with its log (create, open by its attendant, closed), and a 0–10 rating on 30%
 *   of the closed ones (skewed high, as NPS answers are); the attendances recorded as the close records them;
 * - messages per ticket log-normal (median 7, p95 ~27), spread over the ticket's life, plus one conversation of 2,000
 *   over a year; bodies of 20–200 characters of Portuguese customer-service phrases (1% say 'reembolso'), each with
 *   a ~500-byte dataJson as the Cloud API adapter stores its payload; 1% reactions, ~9% media (image, audio,
 *   document, video, sticker), 3% quoted replies; attendants' messages carry their user;
 * - contacts: tickets / 5 (20,000 at scale 1), half with two custom fields, 30% with 1–2 contact tags;
 * - tags: 20 (5 kanban lanes); 30% of the tickets tagged with 1–3 tags, skewed so tag 1 is the largest.
 *
 * Every draw is `bench_rand(n, salt)`, a hash of the row number and BENCH_SEED (default 17): the same seed gives the
 * same rows, so runs compare. Timestamps are whole seconds from one fixed "now" (the seed's start).
 */
import type { Database } from '../apps/server/src/db/open';
import { insertCompany } from '../apps/server/src/modules/companies/companies.repository';
import { recordAttendances } from '../apps/server/src/modules/tickets/tickets.tracking.repository';

export const SEARCH_WORD = 'reembolso';
export const BIG_CONVERSATION = 2000;
const SEED = Number(process.env.BENCH_SEED ?? 17);

export interface Seeded {
  companyId: number;
  adminId: number;
  attendantId: number;
  bigTicketId: number;
  largestTagId: number;
}

const PHRASES = [
  'Bom dia, tudo bem com você?',
  'Boa tarde, preciso de ajuda com meu pedido.',
  'Meu pedido ainda não chegou, podem verificar?',
  'Qual é o prazo de entrega para o meu CEP?',
  'O boleto venceu, vocês podem enviar um novo?',
  'Gostaria de trocar o produto por outro tamanho.',
  'O produto veio com defeito na embalagem.',
  'Obrigado pelo retorno, fico no aguardo.',
  'Consegue me passar o código de rastreio?',
  'Já fiz o pagamento pelo PIX agora há pouco.',
  'Vou verificar com o setor responsável e já retorno.',
  'Seu pedido foi enviado e chega em até cinco dias úteis.',
  'Pode me informar o número do pedido, por favor?',
  'Estou tentando acessar o aplicativo e não consigo.',
  'Esqueci minha senha, como faço para recuperar?',
  'O cupom de desconto não está funcionando no site.',
  'Quero cancelar a compra que fiz ontem à noite.',
  'A nota fiscal não veio junto com o produto.',
  'Vocês entregam aos sábados na minha região?',
  'Perfeito, muito obrigado pela atenção de sempre!',
  'Posso alterar o endereço de entrega do pedido?',
  'O valor do frete ficou mais caro do que o esperado.',
  'Em que posso ajudar você hoje?',
  'Só um momento enquanto consulto o seu cadastro.',
  'A garantia cobre esse tipo de problema?',
  'Recebi a mensagem de confirmação, está tudo certo.',
  'Meu cartão foi recusado na finalização da compra.',
  'Atendimento excelente, resolveram rapidinho.',
];
const EMOJIS = ['👍', '❤️', '😂', '😮', '🙏', '😢'];

const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/** The deterministic draws: a uniform in [0, 1) per (row number, salt), from the bench's seed. */
async function defineRandom(database: Database) {
  await database.query(`
    CREATE OR REPLACE FUNCTION bench_rand(n bigint, salt int) RETURNS double precision LANGUAGE sql IMMUTABLE AS
    $$ SELECT ('x' || substr(md5(n::text || ':' || salt::text || ':${SEED}'), 1, 8))::bit(32)::bigint / 4294967296.0 $$`);
}

/**
 * One company's data. `tickets` in all (the big conversation among them); `big` adds the 2,000-message one.
 * `now` fixes every timestamp of the run.
 */
export async function seedCompany(
  database: Database,
  name: string,
  n: { tickets: number; big: boolean },
  hash: string,
  now = new Date(Math.floor(Date.now() / 1000) * 1000),
): Promise<Seeded> {
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);
  await defineRandom(database);
  const company = await insertCompany(database.db, { name, dueDate: new Date(now.getTime() + 365 * 86_400_000) });
  const c = company.id;
  // Draws of this company: salts offset by its id, so companies differ and each run repeats.
  const r = (row: string, salt: number) => `bench_rand(${row}, ${salt} + ${c} * 100)`;
  const at = `'${now.toISOString()}'::timestamptz`;

  await q(
    `INSERT INTO queues (company_id, name, color) SELECT $1, 'Fila ' || g, '#' || lpad(to_hex($1 * 100 + g), 6, '0') FROM generate_series(1, 10) g`,
    [c],
  );
  await q(
    `INSERT INTO users (company_id, name, email, password_hash, profile, all_ticket, allow_group, all_user_chat, show_dashboard)
     SELECT $1, 'Atendente ' || g, 'u' || g || '-' || $1::int || '@bench.test', $2,
       CASE WHEN g = 1 THEN 'admin' ELSE 'user' END, 'enabled', 'enabled', CASE WHEN g <= 5 THEN 'enabled' ELSE 'disabled' END,
       CASE WHEN g <= 5 THEN 'enabled' ELSE 'disabled' END
     FROM generate_series(1, 50) g`,
    [c, hash],
  );
  await q(
    `INSERT INTO user_queues (company_id, user_id, queue_id)
     SELECT $1, u.id, q.id FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM users WHERE company_id = $1) u
     JOIN (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM queues WHERE company_id = $1) q
       ON q.rn IN (1 + u.rn % 10, 1 + (u.rn + 3) % 10)`,
    [c],
  );
  await q(
    `INSERT INTO whatsapps (company_id, name, channel, status, token, is_default, phone_number_id)
     SELECT $1, 'Número ' || g, 'whatsappapi', 'CONNECTED', substr(md5($1::int || ':' || g), 1, 30), g = 1, '10' || $1::int || g
     FROM generate_series(1, 2) g`,
    [c],
  );
  await q(
    `INSERT INTO tags (company_id, name, color, kanban) SELECT $1, 'Tag ' || g, '#' || lpad(to_hex(g * 4000), 6, '0'), (g > 15)::int FROM generate_series(1, 20) g`,
    [c],
  );

  // Contacts: created over the year, before their first ticket (roughly); half with custom fields, 30% tagged.
  const contacts = Math.max(10, Math.ceil(n.tickets / 5));
  await q(
    `INSERT INTO contacts (company_id, name, number, channel, email, created_at, updated_at)
     SELECT $1, 'Contato ' || g, '5511' || lpad(g::text, 9, '0'), 'whatsapp',
       CASE WHEN ${r('g', 1)} < 0.4 THEN 'contato' || g || '@exemplo.com.br' ELSE '' END, d.t, d.t
     FROM generate_series(1, $2) g CROSS JOIN LATERAL (SELECT date_trunc('second', ${at} - ${r('g', 2)} * interval '400 days') AS t) d`,
    [c, contacts],
  );
  await q(
    `INSERT INTO contact_custom_fields (company_id, contact_id, name, value)
     SELECT $1, ct.id, f.name, CASE f.name WHEN 'CPF' THEN lpad((ct.id * 7919 % 99999999999)::text, 11, '0') ELSE
       (${sqlArray(['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba', 'Recife', 'Porto Alegre'])})[1 + ct.id % 6] END
     FROM contacts ct CROSS JOIN (VALUES ('CPF'), ('Cidade')) f(name)
     WHERE ct.company_id = $1 AND ${r('ct.id', 3)} < 0.5`,
    [c],
  );
  await q(
    `WITH tg AS (SELECT array_agg(id ORDER BY id) AS ids FROM tags WHERE company_id = $1)
     INSERT INTO contact_tags (company_id, contact_id, tag_id)
     SELECT $1, ct.id, tg.ids[1 + floor(power(${r('ct.id * 3 + k', 4)}, 2) * 20)::int]
     FROM contacts ct CROSS JOIN tg CROSS JOIN generate_series(0, 1) k
     WHERE ct.company_id = $1 AND ${r('ct.id', 5)} < 0.3 AND (k = 0 OR ${r('ct.id', 6)} < 0.5)
     ON CONFLICT DO NOTHING`,
    [c],
  );

  // Tickets. Live ones get distinct (contact, connection) pairs (one live ticket per pair); closed ones any contact.
  await q(
    `WITH ws AS (SELECT array_agg(id ORDER BY id) AS ids FROM whatsapps WHERE company_id = $1),
      qs AS (SELECT array_agg(id ORDER BY id) AS ids FROM queues WHERE company_id = $1),
      us AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE company_id = $1),
      cs AS (SELECT array_agg(id ORDER BY id) AS ids FROM contacts WHERE company_id = $1),
      g AS (
        SELECT g, s.status, ${r('g', 11)} AS rq, ${r('g', 12)} AS ru, ${r('g', 13)} AS rf,
          date_trunc('second', ${at} - ${r('g', 14)} * CASE s.status WHEN 'closed' THEN interval '365 days'
            WHEN 'pending' THEN interval '14 days' ELSE interval '60 days' END) AS last_at,
          -- the attendance's length: log-normal, median ~25 min
          make_interval(secs => least(172800, 1500 * exp(1.2 * sqrt(-2 * ln(greatest(${r('g', 15)}, 1e-9))) * cos(2 * pi() * ${r('g', 16)})))) AS length
        FROM generate_series(0, $2 - 1) g
        CROSS JOIN LATERAL (SELECT CASE WHEN ${r('g', 10)} < 0.80 THEN 'closed' WHEN ${r('g', 10)} < 0.90 THEN 'open'
          WHEN ${r('g', 10)} < 0.97 THEN 'pending' ELSE 'group' END AS status) s
      ), ranked AS (
        SELECT g.*, row_number() OVER (PARTITION BY g.status = 'closed' ORDER BY g.g) - 1 AS rk FROM g
      )
     INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, user_id, queue_id, channel, is_group, from_me,
       last_message, unread_messages, created_at, updated_at, closed_at)
     SELECT $1,
       cs.ids[1 + CASE WHEN x.status = 'closed' THEN floor(${r('x.g', 17)} * $3::int)::int ELSE (x.rk % $3::int)::int END],
       ws.ids[1 + CASE WHEN x.status = 'closed' THEN floor(${r('x.g', 18)} * 2)::int ELSE ((x.rk / $3::int) % 2)::int END],
       x.status,
       CASE WHEN x.status = 'pending' THEN NULL ELSE us.ids[1 + floor(x.ru * 50)::int] END,
       CASE WHEN x.rq < 0.05 THEN NULL ELSE qs.ids[1 + floor(x.rq * 10)::int % 10] END,
       'whatsappapi', x.status = 'group', x.rf < 0.15, 'última mensagem ' || x.g,
       CASE WHEN x.status IN ('open', 'pending') THEN floor(x.ru * 3)::int ELSE 0 END,
       x.last_at - x.length, x.last_at, CASE WHEN x.status = 'closed' THEN x.last_at END
     FROM ranked x CROSS JOIN ws CROSS JOIN qs CROSS JOIN us CROSS JOIN cs
     ORDER BY x.g`,
    [c, n.tickets, contacts],
  );
  // The long conversation: an open ticket of the first attendant, going on for a year.
  const [attendant] = await q<{ id: number }>(
    `SELECT id FROM users WHERE company_id = $1 AND profile = 'user' ORDER BY id LIMIT 1`,
    [c],
  );
  const [big] = await q<{ id: number }>(
    `UPDATE tickets SET status = 'open', user_id = $2, is_group = false, closed_at = NULL, created_at = ${at} - interval '365 days'
     WHERE id = (SELECT id FROM tickets WHERE company_id = $1 AND status = 'open' ORDER BY id LIMIT 1) RETURNING id`,
    [c, attendant.id],
  );

  // The log of each ticket: created; accepted by its attendant a few minutes later (log-normal, median ~3 min); closed.
  await q(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, queue_id, created_at)
     SELECT t.company_id, t.id, e.type, e.user_id, t.queue_id, e.at FROM tickets t
     CROSS JOIN LATERAL (SELECT least(t.updated_at, t.created_at + make_interval(secs => 180 * exp(sqrt(-2 * ln(greatest(${r('t.id', 20)}, 1e-9)))
       * cos(2 * pi() * ${r('t.id', 21)})))) AS accepted) a
     CROSS JOIN LATERAL (VALUES ('create', NULL::int, t.created_at), ('open', t.user_id, a.accepted), ('closed', t.user_id, t.closed_at)) e(type, user_id, at)
     WHERE t.company_id = $1 AND e.at IS NOT NULL AND (e.type <> 'open' OR t.user_id IS NOT NULL)`,
    [c],
  );

  // Messages: log-normal count per ticket, spread from creation to the last message; the contact opens (or, for an
  // active ticket, the business), then turns alternate with some runs; dataJson as the Cloud API adapter stores it.
  const phrase = (salt: string) => `(${sqlArray(PHRASES)})[1 + floor(${r(`m.n * 7 + ${salt}`, 30)} * ${PHRASES.length})::int]`;
  const body = `CASE WHEN ${r('m.n', 31)} < 0.01 THEN 'Quero o ${SEARCH_WORD} do pedido, ' || ${phrase('1')}
      WHEN ${r('m.n', 32)} < 0.5 THEN ${phrase('2')}
      ELSE left(${phrase('3')} || ' ' || ${phrase('4')} || CASE WHEN ${r('m.n', 33)} < 0.4 THEN ' ' || ${phrase('5')} ELSE '' END, 200) END`;
  const insertMessages = (count: string, where: string) =>
    q(
      `WITH m AS (
         SELECT t.id AS ticket_id, t.contact_id, t.whatsapp_id, t.queue_id, t.user_id, t.from_me AS active, t.created_at, t.updated_at,
           k, cnt, (t.id::bigint * 4096 + k) AS n
         FROM tickets t
         CROSS JOIN LATERAL (SELECT ${count} AS cnt) c
         CROSS JOIN LATERAL generate_series(0, c.cnt - 1) k
         WHERE t.company_id = $1 AND ${where}
       ), w AS (
         SELECT m.*, (CASE WHEN k = 0 THEN active ELSE ${r('m.n', 34)} < 0.5 END) AS from_me,
           ${body} AS text,
           CASE WHEN ${r('m.n', 35)} < 0.01 THEN 'reaction' WHEN ${r('m.n', 36)} < 0.05 THEN 'image'
             WHEN ${r('m.n', 37)} < 0.02 THEN 'audio' WHEN ${r('m.n', 38)} < 0.01 THEN 'document'
             WHEN ${r('m.n', 39)} < 0.005 THEN 'video' WHEN ${r('m.n', 40)} < 0.005 THEN 'sticker' ELSE 'text' END AS kind,
           date_trunc('second', m.created_at + (m.updated_at - m.created_at) * (k::float / greatest(cnt - 1, 1))) AS at
         FROM m
       )
       INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack, media_type,
         media_url, media_name, media_mime_type, media_size, data_json, queue_id, user_id, created_at, updated_at)
       SELECT $1, w.ticket_id, CASE WHEN w.from_me THEN NULL ELSE w.contact_id END, w.whatsapp_id,
         'wamid.' || md5(w.n::text || ':${SEED}'),
         CASE w.kind WHEN 'reaction' THEN (${sqlArray(EMOJIS)})[1 + (w.n % 6)::int] WHEN 'text' THEN w.text
           WHEN 'audio' THEN '' ELSE CASE WHEN w.n % 3 = 0 THEN w.text ELSE '' END END,
         w.from_me, true, CASE WHEN w.from_me THEN 3 ELSE 0 END, w.kind,
         CASE WHEN w.kind IN ('text', 'reaction') THEN NULL ELSE $1::int || '/' || w.ticket_id || '/' || w.n || '.bin' END,
         CASE w.kind WHEN 'document' THEN 'comprovante-' || w.n || '.pdf' WHEN 'text' THEN NULL WHEN 'reaction' THEN NULL ELSE w.n || '.bin' END,
         CASE w.kind WHEN 'image' THEN 'image/jpeg' WHEN 'audio' THEN 'audio/ogg' WHEN 'document' THEN 'application/pdf'
           WHEN 'video' THEN 'video/mp4' WHEN 'sticker' THEN 'image/webp' END,
         CASE WHEN w.kind IN ('text', 'reaction') THEN NULL ELSE 20000 + (w.n % 900000) END,
         jsonb_build_object(
           'messaging_product', 'whatsapp',
           'metadata', jsonb_build_object('display_phone_number', '551130000000', 'phone_number_id', '10' || $1::int),
           'contacts', jsonb_build_array(jsonb_build_object('profile', jsonb_build_object('name', 'Contato ' || w.contact_id),
             'wa_id', '5511' || lpad(w.contact_id::text, 9, '0'))),
           'message', jsonb_build_object('from', '5511' || lpad(w.contact_id::text, 9, '0'), 'id', 'wamid.' || md5(w.n::text || ':${SEED}'),
             'timestamp', extract(epoch FROM w.at)::bigint::text, 'type', w.kind),
           'statuses', jsonb_build_array(jsonb_build_object('status', 'read', 'timestamp', extract(epoch FROM w.at)::bigint::text,
             'conversation', jsonb_build_object('id', md5(w.ticket_id::text), 'origin', jsonb_build_object('type', 'service'))))
         ) || CASE WHEN w.kind = 'reaction' THEN jsonb_build_object('emoji', '👍') ELSE '{}'::jsonb END,
         w.queue_id, CASE WHEN w.from_me THEN w.user_id END, w.at, w.at
       FROM w ORDER BY w.ticket_id, w.k`,
      [c, big.id],
    );
  // Median 7, p95 ~27: exp(ln 7 + 0.82 z), at least 1, at most 400.
  const logNormal = `least(400, greatest(1, round(7 * exp(0.82 * sqrt(-2 * ln(greatest(${r('t.id', 41)}, 1e-9))) * cos(2 * pi() * ${r('t.id', 42)})))))::int`;
  await insertMessages(logNormal, 't.id <> $2');
  if (n.big) await insertMessages(String(BIG_CONVERSATION), 't.id = $2');
  // 3% quoted replies: the message before in the same conversation.
  await q(
    `UPDATE messages m SET quoted_msg_id = p.prev, quoted_external_id = p.prev_ext FROM (
       SELECT id, lag(id) OVER (PARTITION BY ticket_id ORDER BY id) AS prev, lag(external_id) OVER (PARTITION BY ticket_id ORDER BY id) AS prev_ext
       FROM messages WHERE company_id = $1) p
     WHERE m.id = p.id AND m.company_id = $1 AND p.prev IS NOT NULL AND ${r('m.id', 43)} < 0.03`,
    [c],
  );
  // A reaction points at the message before it.
  await q(
    `UPDATE messages m SET data_json = m.data_json || jsonb_build_object('targetExternalId', m.quoted_external_id)
     WHERE m.company_id = $1 AND m.media_type = 'reaction' AND m.quoted_external_id IS NOT NULL`,
    [c],
  );
  // Ratings: 30% of the closed attendances answer the NPS question (55% promoters, 25% passives, 20% detractors).
  await q(
    `INSERT INTO user_ratings (company_id, ticket_id, user_id, queue_id, rate, created_at)
     SELECT t.company_id, t.id, t.user_id, t.queue_id,
       CASE WHEN ${r('t.id', 50)} < 0.55 THEN 9 + floor(${r('t.id', 51)} * 2) WHEN ${r('t.id', 50)} < 0.80 THEN 7 + floor(${r('t.id', 51)} * 2)
         ELSE floor(${r('t.id', 51)} * 7) END,
       t.closed_at - interval '1 second'
     FROM tickets t WHERE t.company_id = $1 AND t.status = 'closed' AND ${r('t.id', 52)} < 0.3`,
    [c],
  );
  // Ticket tags: 30% of the tickets, 1–3 tags each, tag 1 the largest.
  await q(
    `WITH tg AS (SELECT array_agg(id ORDER BY id) AS ids FROM tags WHERE company_id = $1)
     INSERT INTO ticket_tags (company_id, ticket_id, tag_id)
     SELECT $1, t.id, tg.ids[1 + floor(power(${r('t.id * 3 + k', 60)}, 2.5) * 20)::int] FROM tickets t CROSS JOIN tg
     CROSS JOIN generate_series(0, 2) k
     WHERE t.company_id = $1 AND ${r('t.id', 61)} < 0.3 AND k < 1 + floor(${r('t.id', 62)} * 3)
     ON CONFLICT DO NOTHING`,
    [c],
  );
  // The attendances, recorded by the same statement as a close records them.
  const closed = await q<{ id: number }>(`SELECT id FROM tickets WHERE company_id = $1 AND status = 'closed' ORDER BY id`, [c]);
  for (let i = 0; i < closed.length; i += 5000) {
    await recordAttendances(
      database.db,
      { companyId: c },
      closed.slice(i, i + 5000).map((x) => Number(x.id)),
    );
  }

  const [largest] = await q<{ tag_id: number }>(
    `SELECT tag_id FROM ticket_tags WHERE company_id = $1 GROUP BY tag_id ORDER BY count(*) DESC, tag_id LIMIT 1`,
    [c],
  );
  const [admin] = await q<{ id: number }>(`SELECT id FROM users WHERE company_id = $1 AND profile = 'admin'`, [c]);
  return { companyId: c, adminId: admin.id, attendantId: attendant.id, bigTicketId: big.id, largestTagId: largest.tag_id };
}

/**
 * The benches' three companies — noise A, 'Empresa' (the measured one, with the big conversation), noise B — from
 * one fixed "now"; the message search's GIN index is built once after the bulk insert (as a restore would), then
 * VACUUM ANALYZE. Answers the measured company and how long rows and index took.
 */
export async function seedBenchCompanies(database: Database, n: { tickets: number; noise: number }, hash: string) {
  const t0 = Date.now();
  await database.query('DROP INDEX IF EXISTS messages_body_tsv_idx');
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  await seedCompany(database, 'Ruído A', { tickets: n.noise, big: false }, hash, now);
  const main = await seedCompany(database, 'Empresa', { tickets: n.tickets, big: true }, hash, now);
  await seedCompany(database, 'Ruído B', { tickets: n.noise, big: false }, hash, now);
  const rowsMs = Date.now() - t0;
  await database.query(
    database.kind === 'pg'
      ? `SET maintenance_work_mem = '512MB'; CREATE INDEX messages_body_tsv_idx ON messages USING gin (body_tsv);`
      : 'CREATE INDEX messages_body_tsv_idx ON messages USING gin (body_tsv)',
  );
  await database.query('VACUUM ANALYZE');
  return { main, rowsMs, indexMs: Date.now() - t0 - rowsMs };
}

/** What the seed made, to print beside the figures (the shape the issue asks for). */
export async function describeSeed(database: Database, companyId: number) {
  const [s] = await database.query<Record<string, number>>(
    `WITH per AS (SELECT ticket_id, count(*) AS n FROM messages WHERE company_id = $1 GROUP BY ticket_id)
     SELECT (SELECT count(*)::int FROM tickets WHERE company_id = $1) AS tickets,
       (SELECT count(*)::int FROM messages WHERE company_id = $1) AS messages,
       (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY n) FROM per)::float AS "median msgs/ticket",
       (SELECT percentile_cont(0.95) WITHIN GROUP (ORDER BY n) FROM per)::float AS "p95 msgs/ticket",
       (SELECT max(n)::int FROM per) AS "max msgs/ticket",
       (SELECT round(avg(length(body)))::int FROM messages WHERE company_id = $1 AND media_type = 'text') AS "avg body chars",
       (SELECT round(avg(octet_length(data_json::text)))::int FROM messages WHERE company_id = $1) AS "avg dataJson bytes",
       (SELECT round(100.0 * count(*) FILTER (WHERE media_type = 'reaction') / count(*), 1)::float FROM messages WHERE company_id = $1) AS "% reactions",
       (SELECT round(100.0 * count(*) FILTER (WHERE media_type NOT IN ('text', 'reaction')) / count(*), 1)::float FROM messages WHERE company_id = $1) AS "% media",
       (SELECT round(100.0 * count(quoted_msg_id) / count(*), 1)::float FROM messages WHERE company_id = $1) AS "% quoted",
       (SELECT count(*)::int FROM contacts WHERE company_id = $1) AS contacts,
       (SELECT count(*)::int FROM ticket_trackings WHERE company_id = $1) AS attendances,
       (SELECT count(*)::int FROM user_ratings WHERE company_id = $1) AS ratings`,
    [companyId],
  );
  return s;
}
