/** Previews and notices (seed 000 §2): link previews, view-once, reactions off screen, ads, system and unsupported messages. */
import CampaignIcon from '@mui/icons-material/Campaign';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../../shared/media';
import type { RenderableMessage } from './MessageContent';
import { rec, str } from './safe';
import { Head, safeHref, Text } from './structuredParts';

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
