import { TICKET_LIST_MIN_PX } from '@atendo/shared';
import { useMediaQuery } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/api/client';
import { ticketKeys } from '../../../shared/data/tickets/keys';
import type { TicketsPage } from '../../../shared/data/tickets/types';
import { STORAGE_KEYS, setItem, useStorageItem } from '../../../shared/storage';

/** From this viewport width the contact panel sits beside the conversation (and starts open); below it is a drawer. */
export const CONTACT_PANEL_DOCK_PX = 1280;
/** The docked panel's width, and the narrowest conversation it leaves beside it. */
export const CONTACT_PANEL_PX = 320;
export const CONVERSATION_MIN_PX = 440;
/** The inbox list's drag handle. */
const LIST_HANDLE_PX = 6;

/**
 * Whether the inbox page (measured, so the main menu's state counts) holds the list at its narrowest, a readable
 * conversation and the docked panel; the list gives up width to them when it must. Answers the callback ref to put on
 * the page's row.
 */
export function useContactPanelRoom() {
  const [row, setRow] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!row) return;
    setWidth(row.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(row);
    return () => observer.disconnect();
  }, [row]);
  const room = width >= TICKET_LIST_MIN_PX + LIST_HANDLE_PX + CONTACT_PANEL_PX + CONVERSATION_MIN_PX;
  return { ref: setRow, room };
}

/**
 * Where the contact panel is and whether it shows: docked beside the conversation on wide screens with room for it,
 * open unless the user closed it (remembered in this browser); elsewhere a drawer, closed until asked for.
 */
export function useContactPanel(ticketId: number, room: boolean) {
  const wide = useMediaQuery(`(min-width:${CONTACT_PANEL_DOCK_PX}px)`, { noSsr: true });
  const docked = wide && room;
  const closedByUser = useStorageItem(STORAGE_KEYS.contactPanel) === 'closed';
  const [drawerOpen, setDrawerOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another ticket starts with the drawer closed
  useEffect(() => setDrawerOpen(false), [ticketId]);
  const open = docked ? !closedByUser : drawerOpen;
  const setOpen = (next: boolean) => {
    if (docked) setItem(STORAGE_KEYS.contactPanel, next ? 'open' : 'closed');
    else setDrawerOpen(next);
  };
  return { docked, open, show: () => setOpen(true), close: () => setOpen(false), toggle: () => setOpen(!open) };
}

/** The folded sections of the contact panel, remembered in this browser. */
export function useFoldedSections() {
  const stored = useStorageItem(STORAGE_KEYS.contactPanelFolded);
  const folded = new Set((stored ?? '').split(',').filter(Boolean));
  const toggle = (key: string) => {
    if (folded.has(key)) folded.delete(key);
    else folded.add(key);
    setItem(STORAGE_KEYS.contactPanelFolded, [...folded].join(',') || null);
  };
  return { isFolded: (key: string) => folded.has(key), toggle };
}

/** How many of the contact's conversations the panel lists (the newest). */
const HISTORY_SIZE = 20;

/**
 * The contact's other conversations, newest first, through the inbox's own search (GET /tickets): by the number's
 * digits, or by the name when the number is masked (LGPD); only this contact's tickets are kept, and only those the
 * user may see (the server's visibility rules, with show-all where the profile allows it).
 */
export function usePreviousConversations(
  contact: { id: number; name: string; number: string } | undefined,
  ticketId: number,
  enabled: boolean,
) {
  const digits = contact?.number.replace(/\D/g, '') ?? '';
  const masked = /[^\d+\s()-]/.test(contact?.number ?? '');
  const searchParam = !masked && digits.length >= 3 ? digits : (contact?.name ?? '');
  return useQuery({
    queryKey: ticketKeys.contactHistory(contact?.id ?? 0),
    queryFn: ({ signal }) =>
      api.get<TicketsPage>('/tickets', { query: { searchParam, showAll: true, pageSize: HISTORY_SIZE }, signal }),
    enabled: enabled && Boolean(contact) && searchParam.trim().length > 0,
    select: (page) => page.tickets.filter((t) => t.contactId === contact?.id && t.id !== ticketId),
  });
}
