import { DEBOUNCE_MS, MESSAGE_PAGE_TOP_PX } from '@atendo/shared';
import { Box, Button, Chip, CircularProgress, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayKey, formatDay } from '../../../shared/clock';
import type { Message } from '../../../shared/data/tickets/types';
import { useClock } from '../../../shared/hooks/useClock';
import { toast } from '../../../shared/toast';
import { useMarkConversationRead, useMessages } from '../hooks/useMessages';
import { groupReactions } from '../utils/emojis';
import { ForwardDialog } from './ForwardDialog';
import { MessageBubble } from './MessageBubble';

/** A text bubble's usual height; every row is measured once it renders. */
const ESTIMATED_ROW_PX = 64;
const ROW_SX = { position: 'absolute', top: 0, left: 0, right: 0 } as const;
/** Within this distance of the bottom a new message scrolls into view. */
const FOLLOW_BOTTOM_PX = 200;

function DaySeparator({ iso }: { iso: string }) {
  const clock = useClock();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
      <Chip size="small" label={formatDay(clock, iso)} />
    </Box>
  );
}

/**
 * The conversation, oldest at the top, windowed: only the messages on screen (plus a few either side) are in the
 * DOM, each measured as it renders, so a conversation scrolled back through hundreds of pages stays smooth.
 * Scrolling within 50 px of the top loads the previous page (debounced 500 ms, seed 000 §9); older pages are
 * prepended with what the user was looking at held in place (anchorTo 'end'); a new message follows the bottom
 * when the user is there, and always when the user sent it.
 */
export function MessagesList({
  ticketId,
  onEdit,
  onReply,
  channel,
}: {
  ticketId: number;
  channel: string;
  onEdit: (m: Message) => void;
  onReply: (m: Message) => void;
}) {
  const { t } = useTranslation();
  const { messages, hasNextPage, isFetchingNextPage, fetchNextPage, isLoading } = useMessages(ticketId);
  const clock = useClock();
  // Forward (seed 000 §5): the messages chosen (null: not choosing), then the dialog with them in conversation order
  const [selection, setSelection] = useState<Set<number> | null>(null);
  const [forwarding, setForwarding] = useState<Message[] | null>(null);
  const startForward = useCallback((m: Message) => setSelection(new Set([m.id])), []);
  const toggle = useCallback(
    (id: number) =>
      setSelection((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const forwardSelected = () => {
    const chosen = messages.filter((m) => selection?.has(m.id));
    if (!chosen.length) {
      toast.error(t('tickets.forward.nothingSelected'));
      return;
    }
    setForwarding(chosen);
  };
  // reactions to a message on screen show as chips under it, not as messages of their own
  const reactions = useMemo(() => groupReactions(messages), [messages]);
  const visible = useMemo(() => messages.filter((m) => !reactions.hidden.has(m.id)), [messages, reactions]);
  const ref = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => ref.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (i) => visible[i].id,
    overscan: 10,
    paddingStart: 8,
    paddingEnd: 8,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: FOLLOW_BOTTOM_PX,
  });

  // Opening a conversation whose pages are already in the cache: start at the newest message.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || visible.length === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [visible.length, virtualizer]);

  // What the attendant sends is shown even when they had scrolled up to read.
  const last = visible[visible.length - 1];
  const lastSeen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!last) return;
    if (lastSeen.current !== undefined && last.id !== lastSeen.current && last.fromMe) virtualizer.scrollToEnd();
    lastSeen.current = last.id;
  }, [last, virtualizer]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // A customer message that arrives while the conversation is on screen is read: reading page 1 marks it on the server.
  const newest = messages[messages.length - 1];
  const initialLast = useRef<number | undefined>(undefined);
  const markRead = useMarkConversationRead(ticketId);
  useEffect(() => {
    if (!newest) return;
    if (initialLast.current === undefined) {
      initialLast.current = newest.id;
      return;
    }
    if (newest.id === initialLast.current || newest.fromMe || newest.read || document.visibilityState !== 'visible') return;
    const t = setTimeout(markRead, 800);
    return () => clearTimeout(t);
  }, [newest, markRead]);

  const onScroll = () => {
    const el = ref.current;
    if (!el || el.scrollTop > MESSAGE_PAGE_TOP_PX || !hasNextPage || isFetchingNextPage || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void fetchNextPage();
    }, DEBOUNCE_MS);
  };

  return (
    <>
      {selection ? (
        <Box
          role="toolbar"
          aria-label={t('tickets.forward.title')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography variant="body2" sx={{ flex: 1 }}>
            {t('tickets.forward.selected', { count: selection.size })}
          </Typography>
          <Button size="small" onClick={() => setSelection(null)}>
            {t('common.cancel')}
          </Button>
          <Button size="small" variant="contained" onClick={forwardSelected}>
            {t('tickets.forward.confirm')}
          </Button>
        </Box>
      ) : null}
      {forwarding ? (
        <ForwardDialog
          messages={forwarding}
          onClose={() => setForwarding(null)}
          onDone={() => {
            setForwarding(null);
            setSelection(null);
          }}
        />
      ) : null}
      <Box
        ref={ref}
        onScroll={onScroll}
        data-testid="messages-list"
        data-count={visible.length}
        sx={{ flex: 1, overflowY: 'auto', overflowAnchor: 'none', bgcolor: 'action.hover', position: 'relative' }}
      >
        {isLoading || isFetchingNextPage ? (
          <Box sx={{ position: 'sticky', top: 0, zIndex: 1, display: 'flex', justifyContent: 'center', py: 1, height: 0 }}>
            <CircularProgress size={20} />
          </Box>
        ) : null}
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const m = visible[row.index];
            const newDay = row.index === 0 || dayKey(clock, m.createdAt) !== dayKey(clock, visible[row.index - 1].createdAt);
            return (
              <Box
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                // the offset goes in `style`: an sx value would make a CSS class for every position scrolled through
                sx={ROW_SX}
                style={{ transform: `translateY(${row.start}px)` }}
              >
                {newDay ? <DaySeparator iso={m.createdAt} /> : null}
                <MessageBubble
                  message={m}
                  onEdit={onEdit}
                  onReply={onReply}
                  onForward={startForward}
                  selecting={selection !== null}
                  selected={selection?.has(m.id) ?? false}
                  onSelect={toggle}
                  channel={channel}
                  reactions={reactions.byTarget.get(m.id)}
                />
              </Box>
            );
          })}
        </Box>
      </Box>
    </>
  );
}
