import { MESSAGE_EDIT_WINDOW_MS } from '@atendo/shared';

interface EditableMessage {
  fromMe: boolean;
  userId: number | null;
  isDeleted: boolean;
  mediaType: string;
  createdAt: string;
}

/** Seed 000 §4: only the sender edits, within 15 minutes of creation; only text can be edited. */
export function canEditMessage(message: EditableMessage, userId: number, now: number = Date.now()): boolean {
  if (!message.fromMe || message.isDeleted || message.userId !== userId) return false;
  if (message.mediaType !== 'text' && message.mediaType !== 'chat') return false;
  const created = Date.parse(message.createdAt);
  if (Number.isNaN(created)) return false;
  const age = now - created;
  return age >= 0 && age < MESSAGE_EDIT_WINDOW_MS;
}

/** Seed 000 §4: only own messages can be deleted. */
export function canDeleteMessage(message: Pick<EditableMessage, 'fromMe' | 'isDeleted'>): boolean {
  return message.fromMe && !message.isDeleted;
}

export function truncate(text: string | null | undefined, max: number): string {
  const s = text ?? '';
  return s.length > max ? `${s.slice(0, max)}...` : s;
}

/** A preview's text on one line: a signature's "*Ana:*" and the message after it read as one sentence. */
export function oneLine(text: string | null | undefined): string {
  return (text ?? '').replace(/\s*\n\s*/g, ' ').trim();
}
