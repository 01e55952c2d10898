import { useEffect } from 'react';

/** The inbox's keys (issue 35 item 4): single keys, read only while nothing is being typed and no dialog is open. */
export const INBOX_SHORTCUTS = [
  { keys: ['j'], action: 'next' },
  { keys: ['k'], action: 'previous' },
  { keys: ['a'], action: 'accept' },
  { keys: ['e'], action: 'resolve' },
  { keys: ['r'], action: 'reply' },
  { keys: ['n'], action: 'note' },
  { keys: ['/'], action: 'search' },
  { keys: ['Esc'], action: 'leave' },
  // typed at the start of the message field (MessageInput): the quick replies' picker
  { keys: ['/'], action: 'quick' },
  { keys: ['?'], action: 'help' },
] as const;
export type InboxShortcut = (typeof INBOX_SHORTCUTS)[number]['action'];

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const find = (name: string) => document.querySelector<HTMLElement>(`[data-shortcut="${name}"]`);

/** The ticket after (or before) the selected one in the list, as the list shows them; the first when none is open. */
function stepTicket(by: 1 | -1) {
  const items = [...document.querySelectorAll<HTMLElement>('[data-testid="ticket-item"]')];
  if (!items.length) return;
  const at = items.findIndex((el) => el.classList.contains('Mui-selected'));
  const next = items[at < 0 ? 0 : Math.min(items.length - 1, Math.max(0, at + by))];
  if (next === items[at]) return;
  next.click();
  next.scrollIntoView?.({ block: 'nearest' });
}

function focusComposer() {
  const composer = find('composer');
  if (composer && !(composer as HTMLInputElement).disabled) composer.focus();
}

/**
 * Reads the inbox's keys on the page: next/previous ticket, accept, resolve, reply or private note (the composer's
 * tab, then its field), search, and `?` for the sheet that lists them. Esc in the composer leaves it, so the keys work again. A key
 * pressed with Ctrl, Alt or ⌘, or while a dialog or menu is open, is left alone.
 */
export function useInboxShortcuts(openHelp: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest(TYPING)) {
        if (e.key === 'Escape' && target.matches('[data-shortcut="composer"]')) target.blur();
        return;
      }
      if (document.querySelector('[role="dialog"], [role="menu"], [role="presentation"].MuiPopover-root')) return;
      const act: Record<string, () => void> = {
        j: () => stepTicket(1),
        k: () => stepTicket(-1),
        a: () => find('accept')?.click(),
        e: () => find('resolve')?.click(),
        // r and n press the composer's Reply and Private note tabs: the same mode the mouse sets
        r: () => {
          find('reply-mode')?.click();
          focusComposer();
        },
        n: () => {
          find('private-note')?.click();
          focusComposer();
        },
        '/': () => find('search')?.focus(),
        '?': openHelp,
      };
      const run = act[e.key];
      if (!run) return;
      e.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openHelp]);
}
