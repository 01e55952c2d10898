/** Structured messages that offer or answer a choice (seed 000 §2): lists, buttons, interactive replies, templates and polls. */
import CampaignIcon from '@mui/icons-material/Campaign';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import PollIcon from '@mui/icons-material/Poll';
import ReplyIcon from '@mui/icons-material/Reply';
import { Box, Button, Divider, List, ListItem, ListItemText, Popover, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RenderableMessage } from './MessageContent';
import { arr, num, rec, str } from './safe';
import { Head, Text } from './structuredParts';

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

/**
 * A template message: its name and language, and what the customer saw — the stored text (issue 36: header, body and
 * footer with the values in place), else the text parameters of its components.
 */
export function TemplateMessage({ message }: { message: RenderableMessage }) {
  const { t } = useTranslation();
  const tpl = rec(rec(message.dataJson).template);
  const name = str(tpl.name) ?? str(message.body) ?? '';
  const seen = str(tpl.text) ?? (str(message.body) && str(message.body) !== name ? str(message.body) : undefined);
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
      {seen ? <Text>{seen}</Text> : params.length ? <Text>{params.join(' · ')}</Text> : null}
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
