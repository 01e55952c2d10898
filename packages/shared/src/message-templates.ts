/**
 * WhatsApp Cloud API message templates (issue 36): what Meta approved for a connection's WhatsApp Business Account,
 * the variables each needs, and exactly what the customer will see once they are filled. The server renders the
 * stored message body with `renderMessageTemplate`; the web shows the same text as the preview.
 */
import { z } from 'zod';
import { idParam, V } from './validation';

/** A template component as Meta lists it (variables written `{{1}}`, `{{2}}` …). */
export const MessageTemplateComponent = z
  .object({
    type: z.string(),
    format: z.string().optional(),
    text: z.string().optional(),
    buttons: z
      .array(
        z
          .object({ type: z.string(), text: z.string(), url: z.string().optional(), phone_number: z.string().optional() })
          .passthrough(),
      )
      .optional(),
  })
  .passthrough();
export type MessageTemplateComponent = z.infer<typeof MessageTemplateComponent>;

export const MESSAGE_TEMPLATE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL'] as const;

export const MessageTemplateDto = z.object({
  id: z.number(),
  whatsappId: z.number(),
  name: z.string(),
  language: z.string(),
  category: z.string(),
  status: z.string(),
  rejectedReason: z.string().nullable(),
  components: z.array(MessageTemplateComponent),
  /** Only APPROVED templates can be sent. */
  usable: z.boolean(),
  syncedAt: z.string(),
});
export type MessageTemplateDto = z.infer<typeof MessageTemplateDto>;

export const MessageTemplateListDto = z.object({
  templates: z.array(MessageTemplateDto),
  /** When the list was last fetched from Meta (null: never). */
  syncedAt: z.string().nullable(),
});
export type MessageTemplateListDto = z.infer<typeof MessageTemplateListDto>;

/** The variables of a template to fill, by component: `header`, `body`, `button:<index>` (URL buttons). */
export interface TemplateVariable {
  component: string;
  /** 1-based, as written in the template (`{{1}}`). */
  index: number;
  /** A media header's file, given as a public https link Meta downloads (the header's one parameter). */
  media?: TemplateMediaFormat;
}

export const TEMPLATE_MEDIA_FORMATS = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type TemplateMediaFormat = (typeof TEMPLATE_MEDIA_FORMATS)[number];

/** The header's media format (IMAGE, VIDEO, DOCUMENT), or null for a text header or none. */
export function templateHeaderMedia(t: { components: MessageTemplateComponent[] }): TemplateMediaFormat | null {
  const header = t.components.find((c) => c.type.toUpperCase() === 'HEADER');
  const format = (header?.format ?? 'TEXT').toUpperCase();
  return (TEMPLATE_MEDIA_FORMATS as readonly string[]).includes(format) ? (format as TemplateMediaFormat) : null;
}

const isWebLink = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

const variableCount = (text: string | undefined) => {
  let max = 0;
  for (const m of (text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
};

export function templateVariables(t: { components: MessageTemplateComponent[] }): TemplateVariable[] {
  const out: TemplateVariable[] = [];
  const add = (component: string, n: number) => {
    for (let i = 1; i <= n; i++) out.push({ component, index: i });
  };
  for (const c of t.components) {
    const type = c.type.toUpperCase();
    if (type === 'HEADER' && (c.format ?? 'TEXT').toUpperCase() === 'TEXT') add('header', variableCount(c.text));
    const media = type === 'HEADER' ? templateHeaderMedia({ components: [c] }) : null;
    if (media) out.push({ component: 'header', index: 1, media });
    if (type === 'BODY') add('body', variableCount(c.text));
    if (type === 'BUTTONS') {
      for (const [i, b] of (c.buttons ?? []).entries())
        if (b.type.toUpperCase() === 'URL') add(`button:${i}`, variableCount(b.url));
    }
  }
  return out;
}

/** Values of the variables, by component (same keys as `templateVariables`), in order. */
export const TemplateParameters = z.record(
  z.string().max(20),
  z.array(z.string().trim().min(1, V.required).max(1024, V.tooLong)).max(20),
);
export type TemplateParameters = z.infer<typeof TemplateParameters>;

const fill = (text: string | undefined, values: string[] | undefined) =>
  (text ?? '').replace(/\{\{\s*(\d+)\s*\}\}/g, (all, n: string) => values?.[Number(n) - 1] ?? all);

export interface RenderedTemplate {
  header?: string;
  /** A media header: its format and the link given for it (empty until filled). */
  media?: { format: TemplateMediaFormat; link: string };
  body: string;
  footer?: string;
  buttons: string[];
}

/** What the customer sees: header, body, footer and buttons with the values in place. */
export function renderMessageTemplate(
  t: { components: MessageTemplateComponent[] },
  parameters: TemplateParameters = {},
): RenderedTemplate {
  const part = (type: string) => t.components.find((c) => c.type.toUpperCase() === type);
  const header = part('HEADER');
  const media = templateHeaderMedia(t);
  return {
    header: header && (header.format ?? 'TEXT').toUpperCase() === 'TEXT' ? fill(header.text, parameters.header) : undefined,
    ...(media ? { media: { format: media, link: parameters.header?.[0]?.trim() ?? '' } } : {}),
    body: fill(part('BODY')?.text, parameters.body),
    footer: part('FOOTER')?.text,
    buttons: (part('BUTTONS')?.buttons ?? []).map((b) => b.text),
  };
}

/** The text a template message is stored (and listed) with: header, body and footer, one per line. */
export const renderedTemplateText = (r: RenderedTemplate) => [r.header, r.body, r.footer].filter(Boolean).join('\n');

/** What is wrong with one variable's value: unfilled, or (a media header) not an http(s) link; null when it is fine. */
export function templateVariableIssue(v: TemplateVariable, parameters: TemplateParameters): 'required' | 'invalid' | null {
  const value = parameters[v.component]?.[v.index - 1]?.trim();
  if (!value) return 'required';
  return v.media && !isWebLink(value) ? 'invalid' : null;
}

/** Which values are missing or unusable: a template is sent only with every variable filled (a media header a link). */
export function missingTemplateVariables(t: { components: MessageTemplateComponent[] }, parameters: TemplateParameters) {
  return templateVariables(t).filter((v) => templateVariableIssue(v, parameters) !== null);
}

/** `template` of a send: an approved template by name and language, with its variables' values. */
export const TemplateSendBody = z.object({
  name: z.string({ error: V.required }).trim().min(1, V.required).max(512, V.tooLong),
  language: z.string({ error: V.required }).trim().min(2, V.required).max(15, V.tooLong),
  parameters: TemplateParameters.default({}),
});
export type TemplateSendBody = z.infer<typeof TemplateSendBody>;

export const WhatsappTemplatesParams = z.object({ whatsappId: idParam });

/** The customer service window of a ticket on the Cloud API: free text only until `closesAt` (null: never opened). */
export const CustomerWindowDto = z.object({
  applies: z.boolean(),
  closesAt: z.string().nullable(),
});
export type CustomerWindowDto = z.infer<typeof CustomerWindowDto>;

/**
 * Meta's customer service window: 24 hours after the customer's last message. On Facebook / Instagram a reply outside it
 * is refused (the Messenger Platform policy: ERR_OUTSIDE_24H_WINDOW before sending); on the Cloud API only an approved
 * template goes out (131047).
 */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;
