import type { Message } from '../../../shared/data/tickets/types';

/** The six quick reactions of the message menu (seed 000 §7: "6 quick emojis and a larger list"). */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/** Reactions whose message is on screen, latest per sender (a newer one replaces it; an empty one removes it). */
export function groupReactions(messages: Message[]): {
  hidden: Set<number>;
  byTarget: Map<number, { emoji: string; count: number }[]>;
} {
  const ids = new Set(messages.map((m) => m.id));
  const hidden = new Set<number>();
  const latest = new Map<number, Map<string, string>>();
  for (const m of messages) {
    if (m.mediaType !== 'reaction') continue;
    const target = m.quotedMsg?.id ?? m.quotedMsgId ?? null;
    if (target === null || !ids.has(target)) continue;
    hidden.add(m.id);
    const data = (m.dataJson && typeof m.dataJson === 'object' ? m.dataJson : {}) as { emoji?: unknown };
    const emoji = typeof data.emoji === 'string' ? data.emoji : (m.body ?? '');
    const sender = m.fromMe ? `user:${m.userId ?? 'me'}` : `contact:${m.contactId ?? m.contact?.name ?? '?'}`;
    const bySender = latest.get(target) ?? new Map<string, string>();
    latest.set(target, bySender);
    bySender.set(sender, emoji);
  }
  const byTarget = new Map<number, { emoji: string; count: number }[]>();
  for (const [target, bySender] of latest) {
    const counts = new Map<string, number>();
    for (const emoji of bySender.values()) if (emoji) counts.set(emoji, (counts.get(emoji) ?? 0) + 1);
    if (counts.size)
      byTarget.set(
        target,
        [...counts].map(([emoji, count]) => ({ emoji, count })),
      );
  }
  return { hidden, byTarget };
}
