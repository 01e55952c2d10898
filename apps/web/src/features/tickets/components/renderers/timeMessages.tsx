/** Structured messages about a time (seed 000 §2): call logs, events and meetings. */
import CallIcon from '@mui/icons-material/Call';
import CallMissedIcon from '@mui/icons-material/CallMissed';
import EventIcon from '@mui/icons-material/Event';
import VideocamIcon from '@mui/icons-material/Videocam';
import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/clock';
import { useClock } from '../../../../shared/hooks/useClock';
import type { RenderableMessage } from './MessageContent';
import { num, rec, str } from './safe';
import { duration, EVENT_DEFAULT_SECONDS, epoch, Head, safeHref, Text } from './structuredParts';

/** When (start – end, on the company's clock) and where an event or meeting takes place. */
function WhenAndWhere({ start, end, location }: { start?: Date; end?: Date; location?: string }) {
  const clock = useClock();
  return (
    <>
      {start ? (
        <Typography variant="caption" component="div" color="text.secondary">
          {formatDateTime(clock, start)}
          {end ? ` – ${formatDateTime(clock, end)}` : ''}
        </Typography>
      ) : null}
      {location ? (
        <Typography variant="caption" component="div" color="text.secondary">
          {location}
        </Typography>
      ) : null}
    </>
  );
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
      <WhenAndWhere start={start} end={end} location={str(e.location)} />
      {link ? (
        <Link href={link} target="_blank" rel="noopener noreferrer" variant="body2">
          {t('conversation.render.join')}
        </Link>
      ) : null}
    </Box>
  );
}

/** Seed 000 §2 meeting: name, startTime/endTime in epoch seconds, location, joinLink, linkType voice|video. */
export function MeetingMessage({ message, ticketId }: { message: RenderableMessage; ticketId?: number }) {
  const { t } = useTranslation();
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
      <WhenAndWhere start={start} end={end} location={str(m.location)} />
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
