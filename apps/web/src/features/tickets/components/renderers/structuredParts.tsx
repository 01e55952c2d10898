/** Pieces shared by the structured message renderers: their text and heading, and the safe readers of times, amounts and links. */
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { num, rec, str } from './safe';

/** Seed 000 §2: an event without an end lasts two hours. */
export const EVENT_DEFAULT_SECONDS = 7200;

/** An epoch in seconds (or milliseconds, when it is that large) as a Date; anything else is undefined. */
export function epoch(v: unknown): Date | undefined {
  const n = num(v);
  if (n === undefined || n <= 0) return undefined;
  const d = new Date(n < 1e12 ? n * 1000 : n);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Seed 000 §2: payment totals come in cents and are shown in BRL. */
export function formatBRLFromCents(cents: number, lang = 'pt-BR'): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'BRL' }).format(cents / 100);
}

/** The amount of a payment request in cents: `amount1000` (WhatsApp's thousandths) or a cents field. */
export function paymentCents(data: Record<string, unknown>): number | undefined {
  const p = rec(data.paymentRequest);
  const thousandths = num(p.amount1000) ?? num(data.amount1000);
  if (thousandths !== undefined) return Math.round(thousandths / 10);
  return num(p.total) ?? num(p.amount) ?? num(p.value) ?? num(data.total) ?? num(data.amount) ?? num(data.value);
}

/** Only http(s) links are followed; anything else (javascript:, data:) is shown as text. */
export function safeHref(v: unknown): string | undefined {
  const s = str(v)?.trim();
  return s && /^https?:\/\//i.test(s) ? s : undefined;
}

export function Text({ children, ...rest }: { children: ReactNode; color?: string; italic?: boolean }) {
  return (
    <Typography
      variant="body2"
      component="div"
      color={rest.color}
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: rest.italic ? 'italic' : undefined }}
    >
      {children}
    </Typography>
  );
}

export function Head({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
      {icon}
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function duration(secs: number): string {
  const s = Math.max(0, Math.round(secs));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
