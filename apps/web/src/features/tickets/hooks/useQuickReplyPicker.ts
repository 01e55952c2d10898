import { formatTemplate, type QuickMessageDto, type TemplateVars } from '@atendo/shared';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../shared/media';
import { toast } from '../../../shared/toast';
import { useQuickMessages } from './useQuickMessages';

/** The attachment of a quick message as a file for the composer (seed 002 §6: it goes with the text, its caption). */
export async function quickMessageFile(q: Pick<QuickMessageDto, 'mediaUrl' | 'mediaName'>): Promise<File | null> {
  const url = mediaUrl(q.mediaUrl);
  if (!url) return null;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const type = res.headers.get('content-type')?.split(';')[0] || 'application/octet-stream';
  return new File([await res.arrayBuffer()], q.mediaName || 'file', { type });
}

/**
 * The composer's '/' picker (issue 31 item 4): open while the text starts with '/' and something matches; ↑/↓ move the
 * highlighted suggestion, Enter or Tab picks it, Escape closes the picker until the text changes. While it is open,
 * Enter picks — it never sends the raw "/sau".
 */
export function useQuickReplyPicker(text: string, active: boolean, onPick: (q: QuickMessageDto) => void) {
  const picking = active && text.startsWith('/');
  const quick = useQuickMessages(picking, picking ? text.slice(1).trim() : '');
  const [highlight, setHighlight] = useState(0);
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const [seenText, setSeenText] = useState(text);
  if (seenText !== text) {
    // a new search: the first suggestion is highlighted again, and an Escape applies only to the text it was pressed on
    setSeenText(text);
    setHighlight(0);
    if (closedAt !== null) setClosedAt(null);
  }
  const options = picking ? (quick.data ?? []).filter((q) => q.shortcode && (q.message || q.mediaUrl)) : [];
  const open = options.length > 0 && closedAt !== text;
  const current = Math.min(highlight, Math.max(options.length - 1, 0));

  const pick = (q: QuickMessageDto) => {
    setClosedAt(null);
    onPick(q);
  };

  /** Handles the picker's keys; true when the key was the picker's (the composer then does nothing else with it). */
  const onKeyDown = (e: KeyboardEvent): boolean => {
    if (!open) return false;
    const chosen = options[current];
    switch (e.key) {
      case 'ArrowDown':
        setHighlight((current + 1) % options.length);
        break;
      case 'ArrowUp':
        setHighlight((current - 1 + options.length) % options.length);
        break;
      case 'Enter':
        if (e.shiftKey || e.nativeEvent.isComposing) return false;
        if (chosen) pick(chosen);
        break;
      case 'Tab':
        if (chosen) pick(chosen);
        break;
      case 'Escape':
        setClosedAt(text);
        break;
      default:
        return false;
    }
    e.preventDefault();
    return true;
  };

  return { open, options, highlight: current, setHighlight, pick, onKeyDown };
}

/**
 * The picker wired to the composer: a picked quick message puts its text (as the customer will read it) in the input,
 * or its file in the composer with that text as the caption.
 */
export function useQuickReplies({
  text,
  active,
  placeholders,
  setText,
  attach,
}: {
  text: string;
  active: boolean;
  placeholders?: TemplateVars;
  setText: (text: string) => void;
  attach: (file: File, caption: string) => void;
}) {
  const { t } = useTranslation();
  const pickQuick = (q: QuickMessageDto) => {
    // the same filler as the server's (which fills again whatever is left): what you see is what is sent
    const filled = placeholders ? formatTemplate(q.message, placeholders) : q.message;
    if (!q.mediaUrl) {
      setText(filled);
      return;
    }
    setText('');
    quickMessageFile(q)
      .then((file) => {
        if (file) attach(file, filled);
      })
      .catch(() => {
        toast.error(t('tickets.composer.quickMediaFailed'));
        setText(filled);
      });
  };
  return useQuickReplyPicker(text, active, pickQuick);
}
