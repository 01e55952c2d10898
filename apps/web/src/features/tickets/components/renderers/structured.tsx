/**
 * Renderers of the structured message types of seed 000 §2 (call log, event, list, buttons, payment request,
 * meeting, link preview, view-once, interactive reply, template, poll, reaction, ad preview, order, system,
 * unsupported). Every field is read through `safe.ts`: a malformed payload shows less, never throws.
 */
import CallIcon from '@mui/icons-material/Call';
import CallMissedIcon from '@mui/icons-material/CallMissed';
import CampaignIcon from '@mui/icons-material/Campaign';
import EventIcon from '@mui/icons-material/Event';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import PaymentsIcon from '@mui/icons-material/Payments';
import PollIcon from '@mui/icons-material/Poll';
import ReplyIcon from '@mui/icons-material/Reply';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import VideocamIcon from '@mui/icons-material/Videocam';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Divider, Link, List, ListItem, ListItemText, Popover, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/clock';
import { useClock } from '../../../../shared/hooks/useClock';
import { mediaUrl } from '../../../../shared/media';
import type { RenderableMessage } from './MessageContent';
import { arr, num, rec, str } from './safe';

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

function Text({ children, ...rest }: { children: ReactNode; color?: string; italic?: boolean }) {
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

function Head({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
      {icon}
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function duration(secs: number): string {
  const s = Math.max(0, Math.round(secs));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function CallLogMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const call = rec(rec(message.dataJson).call);
  const video = call.isVideo === true;
  const outcome = (str(call.outcome) ?? str(call.status) ?? '').toLowerCase();
  const missed = /miss|reject|timeout|offer|fail|perdid/.test(outcome);
  const secs = num(call.durationSecs);
  const Icon = missed ? CallMissedIcon : video ? VideocamIcon : CallIcon;
  return (
    <Box data-testid="render-callLog">
      <Head icon={<Icon fontSize="small" color={missed ? 'error' : 'primary'} />}>
        {video ? t('conversation.render.videoCall') : t('conversation.render.voiceCall')}
      </Head>
      <Typography variant="caption" color="text.secondary">
        {missed ? t('conversation.render.missedCall') : secs ? duration(secs) : (str(message.body) ?? '')}
      </Typography>
    </Box>
  );
}

export function EventMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const clock = useClock();
  const e = rec(rec(message.dataJson).event);
  const name = str(e.name) ?? str(message.body) ?? t('conversation.render.event');
  const start = epoch(e.startTime);
  const end = epoch(e.endTime) ?? (start ? new Date(start.getTime() + EVENT_DEFAULT_SECONDS * 1000) : undefined);
  const link = safeHref(e.joinLink);
  return (
    <Box data-testid="render-event">
      <Head icon={<EventIcon fontSize="small" color="primary" />}>{name}</Head>
      {e.isCanceled === true ? <Text color="error">{t('conversation.render.canceled')}</Text> : null}
      {str(e.description) ? <Text>{str(e.description)}</Text> : null}
      {start ? (
        <Typography variant="caption" component="div" color="text.secondary">
          {formatDateTime(clock, start)}
          {end ? ` – ${formatDateTime(clock, end)}` : ''}
        </Typography>
      ) : null}
      {str(e.location) ? (
        <Typography variant="caption" component="div" color="text.secondary">
          {str(e.location)}
        </Typography>
      ) : null}
      {link ? (
        <Link href={link} target="_blank" rel="noopener noreferrer" variant="body2">
          {t('conversation.render.join')}
        </Link>
      ) : null}
    </Box>
  );
}

interface Row {
  id: string;
  title: string;
  description?: string;
}
interface Section {
  title?: string;
  rows: Row[];
}

function readSections(v: unknown): Section[] {
  return arr(v).map((s) => {
    const sec = rec(s);
    return {
      title: str(sec.title),
      rows: arr(sec.rows)
        .map((r, i) => {
          const row = rec(r);
          return { id: str(row.id) ?? String(i), title: str(row.title) ?? '', description: str(row.description) };
        })
        .filter((r) => r.title),
    };
  });
}

/** A list sent from the phone (dataJson.list) or by Atendo (dataJson.outbound.interactive). */
export function readList(message: RenderableMessage) {
  const data = rec(message.dataJson);
  const sent = rec(rec(data.outbound).interactive);
  const list = Object.keys(rec(data.list)).length ? rec(data.list) : sent;
  return {
    title: str(list.title) ?? str(list.header),
    text: str(list.description) ?? str(list.body) ?? str(list.text) ?? str(message.body) ?? '',
    footer: str(list.footer),
    buttonText: str(list.buttonText),
    sections: readSections(list.sections),
  };
}

export function ListMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = readList(message);
  return (
    <Box data-testid="render-list">
      {list.title ? <Head icon={<ListIcon fontSize="small" />}>{list.title}</Head> : null}
      <Text>{list.text}</Text>
      {list.footer ? (
        <Typography variant="caption" color="text.secondary">
          {list.footer}
        </Typography>
      ) : null}
      <Divider sx={{ my: 0.5 }} />
      <Button
        size="small"
        fullWidth
        startIcon={<ListIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={!list.sections.length}
      >
        {list.buttonText ?? t('conversation.render.options')}
      </Button>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}>
        <List dense sx={{ minWidth: 240, maxHeight: 360, overflowY: 'auto' }}>
          {list.sections.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id
            <Box key={i}>
              {s.title ? (
                <Typography variant="overline" sx={{ px: 2 }}>
                  {s.title}
                </Typography>
              ) : null}
              {s.rows.map((r) => (
                <ListItem key={r.id}>
                  <ListItemText primary={r.title} secondary={r.description} />
                </ListItem>
              ))}
            </Box>
          ))}
        </List>
      </Popover>
    </Box>
  );
}

export function ButtonsMessage({ message }: { message: RenderableMessage }) {
  const data = rec(message.dataJson);
  const b = Object.keys(rec(data.buttons)).length ? rec(data.buttons) : rec(rec(data.outbound).interactive);
  const buttons = arr(b.buttons)
    .map((x) => rec(x))
    .map((x) => str(x.title) ?? str(rec(x.buttonText).displayText) ?? str(rec(x.reply).title))
    .filter((x): x is string => Boolean(x));
  return (
    <Box data-testid="render-buttons">
      {str(b.header) ? <Head icon={null}>{str(b.header)}</Head> : null}
      <Text>{str(b.text) ?? str(b.body) ?? str(message.body) ?? ''}</Text>
      {str(b.footer) ? (
        <Typography variant="caption" color="text.secondary">
          {str(b.footer)}
        </Typography>
      ) : null}
      {buttons.length ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 0.5 }}>
          {buttons.map((title, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat
            <Button key={i} size="small" variant="outlined" tabIndex={-1} sx={{ pointerEvents: 'none' }}>
              {title}
            </Button>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

export function PaymentRequestMessage({ message }: { message: RenderableMessage }) {
  const { t, i18n } = useTranslation();
  const clock = useClock();
  const data = rec(message.dataJson);
  const cents = paymentCents(data);
  const expires = epoch(rec(data.paymentRequest).expiryTimestamp);
  return (
    <Box data-testid="render-paymentRequest">
      <Head icon={<PaymentsIcon fontSize="small" color="success" />}>{t('conversation.render.paymentRequest')}</Head>
      {cents !== undefined ? (
        <Typography variant="h6" component="div">
          {formatBRLFromCents(cents, i18n.language === 'pt' ? 'pt-BR' : i18n.language)}
        </Typography>
      ) : null}
      {str(message.body) ? <Text>{str(message.body)}</Text> : null}
      {expires ? (
        <Typography variant="caption" color="text.secondary">
          {t('conversation.render.expires', { date: formatDateTime(clock, expires) })}
        </Typography>
      ) : null}
    </Box>
  );
}

export function OrderMessage({ message }: { message: RenderableMessage }) {
  const { t, i18n } = useTranslation();
  const data = rec(message.dataJson);
  const items = arr(data.items);
  const count = num(data.itemCount) ?? items.reduce<number>((n, i) => n + (num(rec(i).quantity) ?? 1), 0);
  const total = num(data.total);
  const currency = str(data.currency) ?? 'BRL';
  let totalText = '';
  if (total !== undefined) {
    try {
      totalText = new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(total);
    } catch {
      totalText = `${total} ${currency}`;
    }
  }
  return (
    <Box data-testid="render-order">
      <Head icon={<ShoppingCartIcon fontSize="small" color="primary" />}>{t('conversation.render.order')}</Head>
      {(str(data.text) ?? str(message.body)) ? <Text>{str(data.text) ?? str(message.body)}</Text> : null}
      <Typography variant="caption" color="text.secondary">
        {t('conversation.render.items', { count })}
        {totalText ? ` · ${totalText}` : ''}
      </Typography>
    </Box>
  );
}

/** Seed 000 §2 meeting: name, startTime/endTime in epoch seconds, location, joinLink, linkType voice|video. */
export function MeetingMessage({ message, ticketId }: { message: RenderableMessage; ticketId?: number }) {
  const { t } = useTranslation();
  const clock = useClock();
  const data = rec(message.dataJson);
  const m = Object.keys(rec(data.meeting)).length ? rec(data.meeting) : data;
  const name = str(m.name) ?? str(message.body) ?? t('conversation.render.meeting');
  const start = epoch(m.startTime);
  const end = epoch(m.endTime);
  const video = str(m.linkType) === 'video';
  const raw = str(m.joinLink);
  // a bare token becomes WhatsApp's call link of that type; the ticket id names the window it opens in
  const link =
    safeHref(raw) ?? (raw && /^[\w-]+$/.test(raw) ? `https://call.whatsapp.com/${video ? 'video' : 'voice'}/${raw}` : undefined);
  return (
    <Box data-testid="render-meeting">
      <Head icon={video ? <VideocamIcon fontSize="small" color="primary" /> : <CallIcon fontSize="small" color="primary" />}>
        {name}
      </Head>
      {start ? (
        <Typography variant="caption" component="div" color="text.secondary">
          {formatDateTime(clock, start)}
          {end ? ` – ${formatDateTime(clock, end)}` : ''}
        </Typography>
      ) : null}
      {str(m.location) ? (
        <Typography variant="caption" component="div" color="text.secondary">
          {str(m.location)}
        </Typography>
      ) : null}
      {link ? (
        <Link
          href={link}
          target={ticketId ? `meeting-${ticketId}` : '_blank'}
          rel="noopener noreferrer"
          variant="body2"
          data-ticket-id={ticketId}
        >
          {video ? t('conversation.render.joinVideo') : t('conversation.render.joinVoice')}
        </Link>
      ) : null}
    </Box>
  );
}

export function LinkPreviewMessage({ message }: { message: RenderableMessage }) {
  const p = rec(rec(message.dataJson).linkPreview);
  const url = safeHref(p.url) ?? safeHref(p.matchedText);
  const thumb = str(p.thumbnail);
  const img = thumb
    ? /^[A-Za-z0-9+/=]+$/.test(thumb) && thumb.length > 40
      ? `data:image/jpeg;base64,${thumb}`
      : mediaUrl(thumb)
    : undefined;
  return (
    <Box data-testid="render-linkPreview">
      {url || str(p.title) ? (
        <Box sx={{ display: 'flex', gap: 1, bgcolor: 'action.hover', borderRadius: 1, p: 0.5, mb: 0.5 }}>
          {img ? (
            <Box component="img" src={img} alt="" sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }} />
          ) : null}
          <Box sx={{ minWidth: 0 }}>
            {str(p.title) ? (
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                {str(p.title)}
              </Typography>
            ) : null}
            {str(p.description) ? (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {str(p.description)}
              </Typography>
            ) : null}
            {url ? (
              <Link href={url} target="_blank" rel="noopener noreferrer" variant="caption" sx={{ overflowWrap: 'anywhere' }}>
                {url}
              </Link>
            ) : null}
          </Box>
        </Box>
      ) : null}
      <Text>{str(message.body) ?? ''}</Text>
    </Box>
  );
}

export function ViewOnceMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const kind = str(rec(rec(message.dataJson).viewOnce).mediaType);
  return (
    <Box data-testid="render-viewOnce">
      <Head icon={<VisibilityOffIcon fontSize="small" />}>
        {t('conversation.render.viewOnce', { kind: kind ? t(`conversation.render.kind.${kind}`, { defaultValue: kind }) : '' })}
      </Head>
      <Typography variant="caption" color="text.secondary" component="div">
        {t('conversation.render.viewOnceHint')}
      </Typography>
      {str(message.body) ? <Text>{str(message.body)}</Text> : null}
    </Box>
  );
}

/** An answer the customer picked: a button, a list row, a template button or a Flow form. */
export function InteractiveMessage({ message }: { message: RenderableMessage }) {
  const data = rec(message.dataJson);
  const reply = rec(data.reply);
  const sent = rec(rec(data.outbound).interactive);
  if (!Object.keys(reply).length && Object.keys(sent).length) {
    return str(sent.kind) === 'list' ? <ListMessage message={message} /> : <ButtonsMessage message={message} />;
  }
  const title = str(reply.title) ?? str(message.body) ?? '';
  const response = rec(reply.response);
  const fields = Object.entries(response).filter(
    ([k, v]) => k !== 'flow_token' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'),
  );
  return (
    <Box data-testid="render-interactive">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <ReplyIcon fontSize="small" color="action" />
        <Text>{title}</Text>
      </Box>
      {str(reply.description) ? (
        <Typography variant="caption" color="text.secondary">
          {str(reply.description)}
        </Typography>
      ) : null}
      {fields.length ? (
        <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
          {fields.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {k}
              </Typography>
              <Typography component="dd" variant="caption" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {String(v)}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** A template message: its name and language, and the text parameters of its components. */
export function TemplateMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const tpl = rec(rec(message.dataJson).template);
  const name = str(tpl.name) ?? str(message.body) ?? '';
  const params = arr(tpl.components)
    .flatMap((c) => arr(rec(c).parameters))
    .map((p) => str(rec(p).text))
    .filter((p): p is string => Boolean(p));
  return (
    <Box data-testid="render-template">
      <Head icon={<CampaignIcon fontSize="small" color="primary" />}>
        {t('conversation.render.template')}: {name}
      </Head>
      {str(tpl.language) ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {str(tpl.language)}
        </Typography>
      ) : null}
      {params.length ? <Text>{params.join(' · ')}</Text> : null}
    </Box>
  );
}

export function PollMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const p = rec(rec(message.dataJson).poll);
  const options = arr(p.options)
    .map((o) => str(o) ?? str(rec(o).optionName) ?? str(rec(o).name))
    .filter((o): o is string => Boolean(o));
  const multi = (num(p.selectableCount) ?? 1) !== 1;
  return (
    <Box data-testid="render-poll">
      <Head icon={<PollIcon fontSize="small" color="primary" />}>
        {str(p.name) ?? str(message.body) ?? t('conversation.render.poll')}
      </Head>
      <Typography variant="caption" color="text.secondary" component="div">
        {multi ? t('conversation.render.pollMany') : t('conversation.render.pollOne')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {options.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options may repeat
          <Typography component="li" variant="body2" key={i}>
            {o}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** A reaction whose target is not on screen (the others show as chips under their message). */
export function ReactionMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const emoji = str(rec(message.dataJson).emoji) ?? str(message.body);
  return (
    <Box data-testid="render-reaction">
      <Text color="text.secondary" italic>
        {emoji ? t('conversation.render.reacted', { emoji }) : t('conversation.render.reactionRemoved')}
      </Text>
    </Box>
  );
}

/** The ad a customer clicked to write (Cloud API `referral`, Baileys `externalAdReply`). */
export function readAd(data: Record<string, unknown>) {
  const r = Object.keys(rec(data.referral)).length
    ? rec(data.referral)
    : Object.keys(rec(data.adPreview)).length
      ? rec(data.adPreview)
      : rec(data.ad);
  if (!Object.keys(r).length) return null;
  return {
    headline: str(r.headline) ?? str(r.title),
    body: str(r.body),
    url: safeHref(r.source_url) ?? safeHref(r.sourceUrl),
    image: safeHref(r.image_url) ?? safeHref(r.thumbnail_url) ?? safeHref(r.thumbnailUrl) ?? safeHref(r.thumbnail),
  };
}

export function AdPreviewBox({ data }: { data: Record<string, unknown> }) {
  const { t } = useTranslation();
  const ad = readAd(data);
  if (!ad) return null;
  return (
    <Box
      data-testid="render-adPreview"
      sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 0.5, mb: 0.5, display: 'flex', gap: 1 }}
    >
      {ad.image ? (
        <Box component="img" src={ad.image} alt="" sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }} />
      ) : null}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" sx={{ lineHeight: 1.2 }} component="div">
          <CampaignIcon sx={{ fontSize: 12, mr: 0.5 }} />
          {t('conversation.render.ad')}
        </Typography>
        {ad.headline ? (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {ad.headline}
          </Typography>
        ) : null}
        {ad.body ? (
          <Typography variant="caption" color="text.secondary" component="div">
            {ad.body}
          </Typography>
        ) : null}
        {ad.url ? (
          <Link href={ad.url} target="_blank" rel="noopener noreferrer" variant="caption" sx={{ overflowWrap: 'anywhere' }}>
            {ad.url}
          </Link>
        ) : null}
      </Box>
    </Box>
  );
}

export function AdPreviewMessage({ message }: { message: RenderableMessage }) {
  return (
    <Box>
      <AdPreviewBox data={rec(message.dataJson)} />
      <Text>{str(message.body) ?? ''}</Text>
    </Box>
  );
}

export function SystemMessage({ message }: { message: RenderableMessage }) {
  return (
    <Text color="text.secondary" italic>
      {str(message.body) ?? ''}
    </Text>
  );
}

export function UnsupportedMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const type = str(rec(message.dataJson).originalType);
  return (
    <Box data-testid="render-unsupported" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <WarningAmberIcon fontSize="small" color="warning" />
      <Text color="text.secondary" italic>
        {str(message.body) ?? t('conversation.render.unsupported', { type: type ?? '?' })}
      </Text>
    </Box>
  );
}
