import { cutLastMessage } from '@atendo/shared';
import { useDraggable } from '@dnd-kit/core';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import { Avatar, Badge, Box, Card, CardActionArea, Chip, IconButton, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { mediaUrl } from '../../../shared/media';
import type { KanbanCard, Lane } from '../hooks/useKanban';

/** The card's content (seed 002 §2.8): contact name and number, channel, connection, user, unread, last message, time. */
export function CardBody({ card }: { card: KanbanCard }) {
  const { t } = useTranslation();
  const clock = useClock();
  return (
    <Box sx={{ p: 1.25, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Badge color="success" badgeContent={card.unreadMessages} max={99} overlap="circular">
          <Avatar src={mediaUrl(card.contact.urlPicture)} alt={card.contact.name} sx={{ width: 32, height: 32 }} />
        </Badge>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle2" noWrap>
            {card.contact.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {card.contact.number}
          </Typography>
        </Box>
      </Box>
      <Typography variant="body2" noWrap title={card.lastMessage} data-testid="kanban-card-last-message">
        {cutLastMessage(card.lastMessage) || '—'}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        <Chip size="small" variant="outlined" label={t(`kanban.channel.${card.channel}`, { defaultValue: card.channel })} />
        {card.whatsapp ? <Chip size="small" variant="outlined" label={card.whatsapp.name} /> : null}
        <Chip
          size="small"
          variant="outlined"
          color={card.user ? 'primary' : 'default'}
          label={card.user ? card.user.name : t('kanban.card.noUser')}
        />
      </Box>
      <Typography variant="caption" color="text.secondary">
        {formatDateTime(clock, card.updatedAt)}
      </Typography>
    </Box>
  );
}

/**
 * A draggable card. The "move to" button is the keyboard (and touch) alternative to dragging: it lists the other
 * lanes and moves the card in one click.
 */
export function KanbanCardView({
  card,
  lanes,
  laneId,
  onOpen,
  onMove,
}: {
  card: KanbanCard;
  lanes: Lane[];
  laneId: number | null;
  onOpen: () => void;
  onMove: (to: Lane | null) => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: card.id, data: { card } });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const targets = [{ id: null as number | null, name: t('kanban.defaultLane') }, ...lanes].filter((l) => l.id !== laneId);
  return (
    <Card
      ref={setNodeRef}
      variant="outlined"
      data-testid="kanban-card"
      data-ticket-id={card.id}
      sx={{ position: 'relative', opacity: isDragging ? 0.4 : 1, touchAction: 'none', flexShrink: 0 }}
      {...listeners}
      {...attributes}
      role="group"
      aria-roledescription={t('kanban.card.role')}
      aria-label={card.contact.name}
      tabIndex={-1}
    >
      {/* Named by what it shows (the contact first): a label that hid the card's text would not match what is seen. */}
      <CardActionArea onClick={onOpen} title={t('kanban.card.open', { name: card.contact.name })}>
        <CardBody card={card} />
      </CardActionArea>
      <Tooltip title={t('kanban.card.moveTo')}>
        <IconButton
          size="small"
          aria-label={t('kanban.card.moveToOf', { name: card.contact.name })}
          onClick={(e) => setAnchor(e.currentTarget)}
          onPointerDown={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
          sx={{ position: 'absolute', top: 4, right: 4 }}
        >
          <DriveFileMoveOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {targets.map((l) => (
          <MenuItem
            key={l.id ?? 'default'}
            onClick={() => {
              setAnchor(null);
              onMove(l.id === null ? null : (lanes.find((x) => x.id === l.id) ?? null));
            }}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </Card>
  );
}
