/** The parts of a ticket log entry that say what happened (the time aside). */
export interface LogEntryLike {
  type: string;
  reason?: string | null;
  createdAt: string | Date;
  user: { id: number } | null;
  queue: { id: number } | null;
}

/** One line of the log as shown: an entry, how many identical ones followed it in a row, and the last one's time. */
export interface FoldedLogEntry<T extends LogEntryLike> {
  entry: T;
  count: number;
  lastAt: T['createdAt'];
}

const sameStep = (a: LogEntryLike, b: LogEntryLike) =>
  a.type === b.type && a.user?.id === b.user?.id && a.queue?.id === b.queue?.id && (a.reason ?? null) === (b.reason ?? null);

/**
 * Folds consecutive identical entries into one line with a count (issue 30 item 9: a customer answering the bot's
 * menu ten times left ten 'Atendimento pelo chatbot' lines). Only the display folds: the API keeps every row.
 */
export function foldTicketLog<T extends LogEntryLike>(entries: readonly T[]): FoldedLogEntry<T>[] {
  const out: FoldedLogEntry<T>[] = [];
  for (const entry of entries) {
    const last = out[out.length - 1];
    if (last && sameStep(last.entry, entry)) {
      last.count++;
      last.lastAt = entry.createdAt;
    } else out.push({ entry, count: 1, lastAt: entry.createdAt });
  }
  return out;
}
