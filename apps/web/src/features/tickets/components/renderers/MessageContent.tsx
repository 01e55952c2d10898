import ContactPageIcon from '@mui/icons-material/ContactPage';
import DescriptionIcon from '@mui/icons-material/Description';
import PlaceIcon from '@mui/icons-material/Place';
import { Box, Button, Dialog, Link, Typography } from '@mui/material';
import { Component, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl, playableAudioUrl } from '../../../../shared/media';
import { formatWhatsapp } from '../../utils/whatsappFormat';
import { arr, num, rec, str } from './safe';
import {
  AdPreviewBox,
  AdPreviewMessage,
  ButtonsMessage,
  CallLogMessage,
  EventMessage,
  InteractiveMessage,
  LinkPreviewMessage,
  ListMessage,
  MeetingMessage,
  OrderMessage,
  PaymentRequestMessage,
  PollMessage,
  ReactionMessage,
  readAd,
  SystemMessage,
  TemplateMessage,
  UnsupportedMessage,
  ViewOnceMessage,
} from './structured';

/** The fields a renderer reads; everything may be missing or of the wrong type. */
export interface RenderableMessage {
  body?: unknown;
  mediaType?: unknown;
  mediaUrl?: unknown;
  mediaName?: unknown;
  dataJson?: unknown;
  ticketId?: unknown;
}

function TextBody({ text }: { text: string }) {
  return (
    <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {formatWhatsapp(text)}
    </Typography>
  );
}

function Caption({ message }: { message: RenderableMessage }) {
  const body = str(message.body);
  const name = str(message.mediaName);
  return body && body !== name ? <TextBody text={body} /> : null;
}

export function ImageMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const src = mediaUrl(str(message.mediaUrl));
  if (!src) return <TextBody text={str(message.body) ?? t('tickets.message.mediaUnavailable')} />;
  return (
    <>
      <Box
        component="img"
        src={src}
        alt={str(message.mediaName) ?? t('tickets.message.image')}
        onClick={() => setOpen(true)}
        sx={{ maxWidth: 280, maxHeight: 280, borderRadius: 1, cursor: 'zoom-in', display: 'block' }}
      />
      <Caption message={message} />
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg">
        <Box component="img" src={src} alt="" sx={{ maxWidth: '90vw', maxHeight: '90vh', display: 'block' }} />
      </Dialog>
    </>
  );
}

const SPEEDS = [0.5, 1, 1.5, 2];
const SPEED_KEY = 'audioPlaybackRate';

export function AudioMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const [rate, setRate] = useState(() => {
    const saved = Number(localStorage.getItem(SPEED_KEY));
    return SPEEDS.includes(saved) ? saved : 1;
  });
  const url = mediaUrl(str(message.mediaUrl));
  if (!url) return <TextBody text={str(message.body) ?? t('tickets.message.mediaUnavailable')} />;
  const src = playableAudioUrl(url);
  const next = () => {
    const value = SPEEDS[(SPEEDS.indexOf(rate) + 1) % SPEEDS.length];
    localStorage.setItem(SPEED_KEY, String(value));
    setRate(value);
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {/* biome-ignore lint/a11y/useMediaCaption: voice messages have no captions */}
      <audio
        controls
        src={src}
        ref={(el) => {
          if (el) el.playbackRate = rate;
        }}
      />
      <Button size="small" onClick={next} aria-label={t('tickets.message.speed')}>
        {rate}x
      </Button>
    </Box>
  );
}

export function VideoMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const src = mediaUrl(str(message.mediaUrl));
  if (!src) return <TextBody text={str(message.body) ?? t('tickets.message.mediaUnavailable')} />;
  return (
    <>
      <Box component="video" controls src={src} sx={{ maxWidth: 320, maxHeight: 320, display: 'block', borderRadius: 1 }} />
      <Caption message={message} />
    </>
  );
}

export function DocumentMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const src = mediaUrl(str(message.mediaUrl));
  const name = str(message.mediaName) ?? str(message.body) ?? t('tickets.message.document');
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <DescriptionIcon fontSize="small" />
        {src ? (
          <Link href={src} target="_blank" rel="noopener noreferrer" download={name} sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Link>
        ) : (
          <Typography variant="body2">{name}</Typography>
        )}
      </Box>
      <Caption message={message} />
    </>
  );
}

export function LocationMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const data = rec(message.dataJson);
  const lat = num(data.latitude);
  const lng = num(data.longitude);
  const label = str(data.name) ?? str(data.address) ?? str(message.body) ?? t('tickets.message.location');
  if (lat === undefined || lng === undefined) return <TextBody text={label} />;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <PlaceIcon fontSize="small" color="error" />
      <Link href={`https://maps.google.com/maps?q=${lat},${lng}`} target="_blank" rel="noopener noreferrer">
        {label}
      </Link>
    </Box>
  );
}

/** Contact cards: dataJson.contacts as the Cloud API gives them, else the text of a vCard in the body. */
export function readContactCards(message: RenderableMessage): { name: string; number: string }[] {
  const cards = arr(rec(message.dataJson).contacts).map((c) => {
    const card = rec(c);
    const nameField = card.name;
    const name = str(nameField) ?? str(rec(nameField).formatted_name) ?? str(rec(nameField).formatted) ?? '';
    const phone = rec(arr(card.phones)[0]);
    return { name, number: str(phone.phone) ?? str(phone.waId) ?? str(phone.wa_id) ?? '' };
  });
  if (cards.length) return cards.filter((c) => c.name || c.number);
  const body = str(message.body) ?? '';
  if (!body.includes('BEGIN:VCARD')) return [];
  const name = /FN[^:]*:(.+)/.exec(body)?.[1]?.trim() ?? '';
  const number = /TEL[^:]*:(.+)/.exec(body)?.[1]?.trim() ?? '';
  return name || number ? [{ name, number }] : [];
}

export function ContactMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const cards = readContactCards(message);
  if (!cards.length) return <TextBody text={str(message.body) ?? t('tickets.message.contact')} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {cards.map((c) => (
        <Box key={`${c.name}|${c.number}`} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ContactPageIcon fontSize="small" />
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {c.name || c.number}
            </Typography>
            {c.name && c.number ? (
              <Typography variant="caption" color="text.secondary">
                {c.number}
              </Typography>
            ) : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function TextMessage({ message }: { message: RenderableMessage }) {
  const text = <TextBody text={typeof message.body === 'string' ? message.body : ''} />;
  // a text that came from a click-to-WhatsApp ad shows the ad above it
  const data = rec(message.dataJson);
  if (!readAd(data)) return text;
  return (
    <>
      <AdPreviewBox data={data} />
      {text}
    </>
  );
}

function Meeting({ message }: { message: RenderableMessage }) {
  return <MeetingMessage message={message} ticketId={num(message.ticketId)} />;
}

const RENDERERS: Record<string, (props: { message: RenderableMessage }) => ReactNode> = {
  image: ImageMessage,
  sticker: ImageMessage,
  audio: AudioMessage,
  video: VideoMessage,
  application: DocumentMessage,
  document: DocumentMessage,
  location: LocationMessage,
  contact: ContactMessage,
  vcard: ContactMessage,
  contactMessage: ContactMessage,
  callLog: CallLogMessage,
  event: EventMessage,
  list: ListMessage,
  buttons: ButtonsMessage,
  paymentRequest: PaymentRequestMessage,
  order: OrderMessage,
  meeting: Meeting,
  linkPreview: LinkPreviewMessage,
  viewOnce: ViewOnceMessage,
  interactive: InteractiveMessage,
  template: TemplateMessage,
  poll: PollMessage,
  reaction: ReactionMessage,
  adPreview: AdPreviewMessage,
  system: SystemMessage,
  unsupported: UnsupportedMessage,
};

/** A renderer that fails on a malformed payload falls back to the text; the error is not shown (seed 000 §2). */
class RenderBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {}
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A message whose content could not be shown (seed 000 §8 'Erro ao processar a mensagem'), with its text when it has one. */
function ProcessingError({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const body = str(message.body);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }} role="status">
        {t('tickets.message.processingError')}
      </Typography>
      {body ? <TextBody text={body} /> : null}
    </>
  );
}

/** The content of one message, picked by mediaType (an unknown type shows its text). */
export function MessageContent({ message }: { message: RenderableMessage }) {
  const type = typeof message.mediaType === 'string' ? message.mediaType : 'text';
  const Renderer = RENDERERS[type] ?? TextMessage;
  return (
    <RenderBoundary fallback={<ProcessingError message={message} />}>
      <Renderer message={message} />
    </RenderBoundary>
  );
}
