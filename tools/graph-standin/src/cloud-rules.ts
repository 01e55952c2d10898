/**
 * The WhatsApp Cloud API's business rules, as Meta enforces them, for the stand-in (issue 36):
 * - the customer service window: free-form messages (anything but `template`) reach a customer only within 24 hours
 *   of that customer's last message to that business number. Outside it Meta still answers the send with a message
 *   id and then posts a `failed` status carrying error 131047 ("Re-engagement message");
 * - message templates per WhatsApp Business Account, served by `GET /{waba-id}/message_templates`, and checked on
 *   send: an unknown name/language (or one not approved) answers 400 with 132001, a paused one 132015, a wrong number
 *   of parameters in a component 132000 — with Meta's messages and `error_data.details`.
 * The clock is injectable (`now`), so tests move 25 hours forward without waiting.
 */
import type { Json } from './builders';

export const WINDOW_MS = 24 * 60 * 60 * 1000;

export type TemplateStatus = 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED' | 'IN_APPEAL';
export type TemplateCategory = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';

/** A template component as Meta lists it (HEADER/BODY/FOOTER/BUTTONS), variables written `{{1}}`, `{{2}}`… */
export interface TemplateComponent {
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS';
  format?: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'LOCATION';
  text?: string;
  example?: Json;
  buttons?: {
    type: 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER' | 'COPY_CODE';
    text: string;
    url?: string;
    phone_number?: string;
    example?: string[];
  }[];
}

export interface StandinTemplate {
  id: string;
  name: string;
  /** Meta's language code: `pt_BR`, `en_US`, `es`… */
  language: string;
  category: TemplateCategory;
  status: TemplateStatus;
  components: TemplateComponent[];
  /** Why Meta rejected or paused it (`rejected_reason` in the listing). */
  rejectedReason?: string;
}

export type TemplateInput = Omit<StandinTemplate, 'id' | 'status' | 'category'> &
  Partial<Pick<StandinTemplate, 'id' | 'status' | 'category'>>;

/** The error a send is refused with: HTTP status, Graph code, message and details as Meta writes them. */
export interface CloudRefusal {
  status: number;
  code: number;
  message: string;
  details: string;
}

const variablesIn = (text: string | undefined) => {
  const found = new Set<string>();
  for (const m of (text ?? '').matchAll(/\{\{\s*([\w]+)\s*\}\}/g)) found.add(m[1]);
  return found.size;
};

/** How many parameters each component of a template expects: `body`, `header`, `button:<index>`. */
export function expectedParameters(t: Pick<StandinTemplate, 'components'>): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of t.components) {
    if (c.type === 'BODY') out.set('body', variablesIn(c.text));
    if (c.type === 'HEADER' && (c.format ?? 'TEXT') === 'TEXT') out.set('header', variablesIn(c.text));
    if (c.type === 'HEADER' && c.format && c.format !== 'TEXT') out.set('header', 1);
    if (c.type === 'BUTTONS') {
      c.buttons?.forEach((b, i) => {
        if (b.type === 'URL' && variablesIn(b.url) > 0) out.set(`button:${i}`, variablesIn(b.url));
      });
    }
  }
  return out;
}

interface SentParameter {
  type?: string;
  text?: string;
  [k: string]: unknown;
}

/** The parameters a send gives each component (same keys as `expectedParameters`). */
function givenParameters(template: Json): Map<string, SentParameter[]> {
  const out = new Map<string, SentParameter[]>();
  const components = Array.isArray(template.components) ? (template.components as Json[]) : [];
  for (const c of components) {
    const type = String(c.type ?? '').toLowerCase();
    const params = Array.isArray(c.parameters) ? (c.parameters as SentParameter[]) : [];
    if (type === 'button') out.set(`button:${Number(c.index ?? 0)}`, params);
    else out.set(type, params);
  }
  return out;
}

const fill = (text: string | undefined, params: SentParameter[] | undefined) =>
  (text ?? '').replace(/\{\{\s*(\d+)\s*\}\}/g, (all, n: string) => {
    const p = params?.[Number(n) - 1];
    return typeof p?.text === 'string' ? p.text : all;
  });

/** What the customer sees: header, body, footer and buttons with the parameters in place. */
export function renderTemplate(t: StandinTemplate, template: Json) {
  const given = givenParameters(template);
  const part = (type: TemplateComponent['type']) => t.components.find((c) => c.type === type);
  const header = part('HEADER');
  return {
    header: header && (header.format ?? 'TEXT') === 'TEXT' ? fill(header.text, given.get('header')) : undefined,
    body: fill(part('BODY')?.text, given.get('body')),
    footer: part('FOOTER')?.text,
    buttons: (part('BUTTONS')?.buttons ?? []).map((b) => b.text),
  };
}

export function createCloudRules(now: () => number) {
  /** `${phoneNumberId}:${waId}` → when that customer last wrote to that number (ms). */
  const lastInbound = new Map<string, number>();
  /** WABA id → its templates. */
  const templates = new Map<string, StandinTemplate[]>();
  /** phone number id → its WABA (numbers not linked look in every WABA). */
  const wabaOf = new Map<string, string>();
  let templateSeq = 0;

  const key = (phoneNumberId: string, waId: string) => `${phoneNumberId}:${waId.replace(/\D/g, '')}`;

  const rules = {
    now,
    customerWrote(phoneNumberId: string, waId: string, atMs = now()) {
      const k = key(phoneNumberId, waId);
      if ((lastInbound.get(k) ?? 0) < atMs) lastInbound.set(k, atMs);
    },
    /** When the customer's window closes (ms), or null when they never wrote. */
    windowClosesAt(phoneNumberId: string, waId: string): number | null {
      const at = lastInbound.get(key(phoneNumberId, waId));
      return at === undefined ? null : at + WINDOW_MS;
    },
    windowOpen(phoneNumberId: string, waId: string) {
      const closes = rules.windowClosesAt(phoneNumberId, waId);
      return closes !== null && now() < closes;
    },
    /** Records the customers' messages of a notification Meta posts (its `timestamp`, in seconds, is when they wrote). */
    observe(payload: unknown) {
      const entries = (payload as { entry?: { changes?: { value?: Json }[] }[] } | undefined)?.entry ?? [];
      for (const entry of entries) {
        for (const change of entry.changes ?? []) {
          const value = change.value ?? {};
          const phoneNumberId = (value.metadata as Json | undefined)?.phone_number_id;
          if (typeof phoneNumberId !== 'string') continue;
          for (const m of (value.messages as Json[] | undefined) ?? []) {
            if (typeof m.from !== 'string') continue;
            const ts = Number(m.timestamp);
            rules.customerWrote(phoneNumberId, m.from, Number.isFinite(ts) && ts > 0 ? ts * 1000 : now());
          }
        }
      }
    },
    linkNumber(phoneNumberId: string, wabaId: string) {
      wabaOf.set(phoneNumberId, wabaId);
    },
    addTemplate(wabaId: string, input: TemplateInput): StandinTemplate {
      const list = templates.get(wabaId) ?? [];
      const t: StandinTemplate = {
        status: 'APPROVED',
        category: 'UTILITY',
        ...input,
        id: input.id ?? String(900000000000000 + ++templateSeq),
      };
      const at = list.findIndex((x) => x.name === t.name && x.language === t.language);
      if (at >= 0) list[at] = t;
      else list.push(t);
      templates.set(wabaId, list);
      return t;
    },
    setTemplateStatus(wabaId: string, name: string, status: TemplateStatus, language?: string) {
      for (const t of templates.get(wabaId) ?? [])
        if (t.name === name && (!language || t.language === language)) t.status = status;
    },
    templatesOf(wabaId: string): StandinTemplate[] {
      return templates.get(wabaId) ?? [];
    },
    clearTemplates() {
      templates.clear();
    },
    clearWindows() {
      lastInbound.clear();
    },
    /** Meta's listing of `GET /{waba-id}/message_templates` (paged by `limit` and the `after` cursor). */
    listing(wabaId: string, query: URLSearchParams) {
      let list = rules.templatesOf(wabaId);
      const name = query.get('name');
      const status = query.get('status');
      if (name) list = list.filter((t) => t.name.includes(name));
      if (status) list = list.filter((t) => t.status === status.toUpperCase());
      const limit = Math.max(1, Math.min(Number(query.get('limit') ?? 25) || 25, 1000));
      const after = query.get('after');
      const start = after ? Number(Buffer.from(after, 'base64url').toString()) + 1 : 0;
      const page = list.slice(start, start + limit);
      const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
      const body: Json = {
        data: page.map((t) => ({
          name: t.name,
          parameter_format: 'POSITIONAL',
          components: t.components,
          language: t.language,
          status: t.status,
          category: t.category,
          ...(t.rejectedReason ? { rejected_reason: t.rejectedReason } : {}),
          id: t.id,
        })),
      };
      if (page.length) {
        const paging: Json = { cursors: { before: cursor(start), after: cursor(start + page.length - 1) } };
        if (start + page.length < list.length) paging.next = `?limit=${limit}&after=${cursor(start + page.length - 1)}`;
        body.paging = paging;
      }
      return body;
    },
    /** Checks a `template` send; answers the template and what the customer sees, or Meta's refusal. */
    checkTemplate(
      phoneNumberId: string,
      template: Json | undefined,
    ):
      | { ok: true; template: StandinTemplate; rendered: ReturnType<typeof renderTemplate> }
      | { ok: false; refusal: CloudRefusal } {
      const name = typeof template?.name === 'string' ? template.name : '';
      const language = String((template?.language as Json | undefined)?.code ?? '');
      if (!name || !language) {
        return {
          ok: false,
          refusal: {
            status: 400,
            code: 100,
            message: '(#100) Invalid parameter',
            details: !name ? 'Parameter name is required.' : 'Parameter language.code is required.',
          },
        };
      }
      const linked = wabaOf.get(phoneNumberId);
      const pool = linked ? rules.templatesOf(linked) : [...templates.values()].flat();
      const found = pool.find((t) => t.name === name && t.language === language);
      if (!found || found.status === 'PENDING' || found.status === 'REJECTED' || found.status === 'IN_APPEAL') {
        return {
          ok: false,
          refusal: {
            status: 400,
            code: 132001,
            message: '(#132001) Template name does not exist in the translation',
            details: `template name (${name}) does not exist in ${language}`,
          },
        };
      }
      if (found.status === 'PAUSED' || found.status === 'DISABLED') {
        const paused = found.status === 'PAUSED';
        return {
          ok: false,
          refusal: {
            status: 400,
            code: paused ? 132015 : 132016,
            message: paused ? '(#132015) Template is Paused' : '(#132016) Template is Disabled',
            details: paused
              ? `Template ${name} is paused due to low quality, so it cannot be sent in a template message.`
              : `Template ${name} has been paused too many times due to low quality and is now permanently disabled.`,
          },
        };
      }
      // every component either side names: the count given must be the count the template has (0 when it has none)
      const given = givenParameters(template ?? {});
      const expected = expectedParameters(found);
      for (const component of new Set([...expected.keys(), ...given.keys()])) {
        const count = given.get(component)?.length ?? 0;
        const wanted = expected.get(component) ?? 0;
        if (count !== wanted) {
          const label = component.startsWith('button:') ? `button ${component.slice(7)}` : component;
          return {
            ok: false,
            refusal: {
              status: 400,
              code: 132000,
              message: '(#132000) Number of parameters does not match the expected number of params',
              details: `${label}: number of localizable_params (${count}) does not match the expected number of params (${wanted})`,
            },
          };
        }
      }
      // a media header's one parameter is that media, by link or id: anything else is Meta's 132012
      const headerFormat = found.components.find((c) => c.type === 'HEADER')?.format;
      if (headerFormat && headerFormat !== 'TEXT' && headerFormat !== 'LOCATION') {
        const kind = headerFormat.toLowerCase();
        const param = given.get('header')?.[0];
        const media = param?.[kind] as { link?: unknown; id?: unknown } | undefined;
        const link = typeof media?.link === 'string' && /^https?:\/\//.test(media.link);
        if (param?.type !== kind || !(link || typeof media?.id === 'string')) {
          return {
            ok: false,
            refusal: {
              status: 400,
              code: 132012,
              message: '(#132012) Parameter format does not match format in the created template',
              details: `header: Format mismatch, expected ${headerFormat}, received ${String(param?.type ?? 'nothing').toUpperCase()}`,
            },
          };
        }
      }
      return { ok: true, template: found, rendered: renderTemplate(found, template ?? {}) };
    },
  };
  return rules;
}

export type CloudRules = ReturnType<typeof createCloudRules>;

/** The `failed` status error Meta posts for a free-form message outside the customer service window. */
export const REENGAGEMENT_ERROR = {
  code: 131047,
  title: 'Re-engagement message',
  details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
};
