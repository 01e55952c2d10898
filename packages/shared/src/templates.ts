/**
 * Placeholders of the automatic texts (greeting after accept, farewell, transfer, inactivity):
 * {{name}} {{firstName}} {{userName}} {{queue}} {{connection}} {{protocol}} {{ms}} {{date}} {{hour}},
 * plus `${queue.name}` / `${user.name}` as the older clients write them. Shared by the server (automatic texts,
 * the attendant's messages) and the web (the composer shows a quick message filled before it is sent).
 */
import { wallClock } from './time';
import { V } from './validation';

/** The placeholders `formatTemplate` fills: every text a customer receives may carry them (issue 31 item 6). */
export const TEMPLATE_PLACEHOLDERS = [
  'name',
  'firstName',
  'userName',
  'queue',
  'connection',
  'protocol',
  'ms',
  'date',
  'hour',
] as const;

/** Placeholders written `{{…}}` that nothing fills ("aqui é {{user}}!"), in order of appearance, each once. */
export function unknownPlaceholders(text: string | null | undefined, also: readonly string[] = []): string[] {
  const known = new Set<string>([...TEMPLATE_PLACEHOLDERS, ...also]);
  const found = new Set<string>();
  for (const m of (text ?? '').matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) if (!known.has(m[1])) found.add(m[1]);
  return [...found];
}

/** The zod check of a text a customer receives: an unknown placeholder is refused when it is saved, never sent raw. */
export const knownPlaceholders = {
  check: (v: string | null | undefined) => unknownPlaceholders(v).length === 0,
  message: V.unknownPlaceholder,
} as const;

export interface TemplateVars {
  contactName: string;
  userName?: string | null;
  queueName?: string | null;
  connectionName?: string | null;
  ticketId: number;
  timezone: string;
  now?: Date;
}

/** The company's wall clock, zero-padded as the placeholders write it (the shared time module). */
function partsIn(tz: string, now: Date) {
  const w = wallClock(now, tz);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: pad(w.day), month: pad(w.month), year: String(w.year), hour: w.hour, minute: pad(w.minute) };
}

/** 'Bom dia' / 'Boa tarde' / 'Boa noite' by the company's clock. */
export function greetingOfHour(hour: number) {
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

export function formatTemplate(text: string, v: TemplateVars): string {
  const now = v.now ?? new Date();
  const p = partsIn(v.timezone, now);
  const values: Record<string, string> = {
    name: v.contactName,
    firstName: v.contactName.split(/\s+/)[0] ?? v.contactName,
    userName: v.userName ?? '',
    queue: v.queueName ?? '',
    connection: v.connectionName ?? '',
    protocol: `${p.year}${p.month}${p.day}${v.ticketId}`,
    ms: greetingOfHour(p.hour),
    date: `${p.day}/${p.month}/${p.year}`,
    hour: `${String(p.hour).padStart(2, '0')}:${p.minute}`,
  };
  return text
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (all, key: string) => values[key] ?? all)
    .replace(/\$\{queue\.name\}/g, values.queue)
    .replace(/\$\{user\.name\}/g, values.userName);
}
