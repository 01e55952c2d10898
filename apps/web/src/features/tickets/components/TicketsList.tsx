import { LIST_PAGE_BOTTOM_PX } from '@atendo/shared';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketListParams } from '../../../shared/data/tickets/ticketMatch';
import type { Ticket } from '../../../shared/data/tickets/types';
import { LoadError } from '../../../shared/ui/LoadError';
import { useTickets } from '../hooks/useTickets';
import { TicketListItem } from './TicketListItem';

const ROW_PX = 96;

const ROW_SX = { position: 'absolute', top: 0, left: 0, right: 0, height: ROW_PX } as const;

/** A virtualized inbox view: only the rows on screen are in the DOM; the next page loads within 100 px of the bottom. */
export function TicketsList({
  params,
  selectedUuid,
  onOpen,
  onCount,
}: {
  params: TicketListParams;
  selectedUuid?: string;
  onOpen: (t: Ticket) => void;
  onCount?: (count: number) => void;
}) {
  const { t } = useTranslation();
  const { tickets, count, isLoading, isError, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useTickets(params);
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_PX,
    overscan: 8,
  });

  useEffect(() => {
    onCount?.(count);
  }, [count, onCount]);

  const onScroll = () => {
    const el = parentRef.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollHeight - (el.scrollTop + el.clientHeight) < LIST_PAGE_BOTTOM_PX) void fetchNextPage();
  };

  return (
    <Box
      ref={parentRef}
      onScroll={onScroll}
      sx={{ flex: 1, overflowY: 'auto' }}
      data-testid="tickets-list"
      data-count={tickets.length}
    >
      {isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={24} />
        </Box>
      ) : isError && tickets.length === 0 ? (
        <LoadError compact error={error} onRetry={() => void refetch()} />
      ) : tickets.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {t('tickets.list.empty')}
        </Typography>
      ) : (
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const ticket = tickets[row.index];
            return (
              <Box
                key={ticket.id}
                data-index={row.index}
                // the offset goes in `style`: an sx value would make a CSS class for every position scrolled through
                sx={ROW_SX}
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <TicketListItem ticket={ticket} selected={ticket.uuid === selectedUuid} onOpen={onOpen} />
              </Box>
            );
          })}
        </Box>
      )}
      {isFetchingNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <CircularProgress size={20} />
        </Box>
      ) : null}
    </Box>
  );
}
