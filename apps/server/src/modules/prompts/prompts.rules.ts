/** Pure rules of the AI runtime (docs/automation.md "AI prompts"): when to hand over, and what the model is sent. */
import { AI_TRANSFER_TOKEN } from '@atendo/shared';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Words by which a customer asks for a person, in the product's four languages. */
const PERSON_WORDS = /\b(atendente|atendentes|humano|humana|human|attendant|operador|operadora|operator|temsilci)\b/;
const PERSON_PHRASES =
  /\b(falar com (uma |um )?pessoa|pessoa real|hablar con (una )?persona|persona real|real person|talk to (a )?person)\b/;

/** True when the customer's message asks for a person ("quero falar com atendente", "humano", "atendente por favor"). */
export function asksForPerson(text: string): boolean {
  const t = fold(text);
  return PERSON_WORDS.test(t) || PERSON_PHRASES.test(t);
}

/** The model's answer split at the agreed token: what to send first (may be empty) and whether to hand over. */
export function readAnswer(content: string): { text: string; transfer: boolean } {
  const at = content.indexOf(AI_TRANSFER_TOKEN);
  if (at < 0) return { text: content.trim(), transfer: false };
  return { text: content.slice(0, at).trim(), transfer: true };
}

export interface HistoryItem {
  fromMe: boolean;
  body: string;
  mediaType: string;
  transcription?: string | null;
}

/** Largest feed text put in the system message (the model's context is finite; the feed may be big). */
export const FEED_MAX_CHARS = 12_000;

/**
 * The chat messages of one turn: the instructions (with the transfer rule and the external feed's data) as system,
 * then the conversation oldest first — the customer as user, the bot and attendants as assistant.
 */
export function chatMessages(instructions: string, history: HistoryItem[], feed?: unknown) {
  const system = [
    instructions.trim(),
    `When the customer asks for a human, or you cannot help, answer only ${AI_TRANSFER_TOKEN}.`,
  ];
  if (feed !== undefined && feed !== null) {
    const text = typeof feed === 'string' ? feed : JSON.stringify(feed);
    system.push(`Data from the company's API (JSON):\n${text.slice(0, FEED_MAX_CHARS)}`);
  }
  const messages: { role: 'system' | 'user' | 'assistant'; content: string }[] = [
    { role: 'system', content: system.join('\n\n') },
  ];
  for (const m of history) {
    const content =
      m.mediaType === 'audio' && m.transcription ? m.transcription : m.body || (m.mediaType !== 'text' ? `[${m.mediaType}]` : '');
    if (!content.trim()) continue;
    messages.push({ role: m.fromMe ? 'assistant' : 'user', content });
  }
  return messages;
}

/** Azure's SSML for one reply; the voice name carries its language (pt-BR-FranciscaNeural → pt-BR). */
export function ssmlFor(voice: string, text: string): string {
  const lang = /^[a-z]{2}-[A-Z]{2}/.exec(voice)?.[0] ?? 'pt-BR';
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
  return `<speak version='1.0' xml:lang='${lang}'><voice xml:lang='${lang}' name='${voice}'>${escaped}</voice></speak>`;
}
