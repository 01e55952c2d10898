/**
 * What the attendants' co-pilot sends the model (docs/ai.md), pure. The conversation is given as one transcript in a
 * user message — "Customer:", "Attendant:" and "Internal note (never tell the customer):" lines — so the model reads
 * the team's private notes as context without taking them for something the customer saw.
 */
import type { CopilotAction } from '@atendo/shared';
import type { ConversationLine } from './prompts.runtime.repository';

const LANGUAGE_NAMES = { pt: 'Brazilian Portuguese', en: 'English', es: 'Spanish', tr: 'Turkish' } as const;
export type CopilotLanguage = keyof typeof LANGUAGE_NAMES;

/** Largest transcript sent (characters, newest kept): the model's context is finite. */
export const TRANSCRIPT_MAX_CHARS = 12_000;

export function transcript(lines: ConversationLine[]): string {
  const out: string[] = [];
  for (const m of lines) {
    const text = (m.mediaType === 'audio' && m.transcription) || m.body || (m.mediaType !== 'text' ? `[${m.mediaType}]` : '');
    if (!text.trim()) continue;
    const who = m.isPrivate ? 'Internal note (never tell the customer)' : m.fromMe ? 'Attendant' : 'Customer';
    out.push(`${who}: ${text.trim()}`);
  }
  const all = out.join('\n');
  return all.length > TRANSCRIPT_MAX_CHARS ? all.slice(all.length - TRANSCRIPT_MAX_CHARS) : all;
}

/** True when the conversation has something a customer wrote or an attendant said (notes alone are not a conversation). */
export const hasConversation = (lines: ConversationLine[]) =>
  lines.some((m) => !m.isPrivate && (m.body.trim() || m.transcription || m.mediaType !== 'text'));

type ChatMessage = { role: 'system' | 'user'; content: string };

export function copilotMessages(
  action: CopilotAction,
  o: { instructions?: string | null; lines?: ConversationLine[]; draft?: string; language?: CopilotLanguage },
): ChatMessage[] {
  const lang = o.language ? LANGUAGE_NAMES[o.language] : null;
  if (action === 'improve') {
    return [
      {
        role: 'system',
        content: [
          "You improve an attendant's draft reply to a customer: fix spelling and grammar, make the tone friendly and professional, keep the meaning, the facts and the language of the draft.",
          'Answer only with the improved text, without quotes or comments.',
        ].join('\n'),
      },
      { role: 'user', content: o.draft ?? '' },
    ];
  }
  const conversation = `Conversation so far:\n${transcript(o.lines ?? [])}`;
  if (action === 'summary') {
    return [
      {
        role: 'system',
        content: [
          'You summarise a customer-service conversation for the next attendant: who the customer is, what they want, what was done or promised, and what is still open.',
          `Write at most 5 short bullet points${lang ? `, in ${lang}` : ''}. Answer only with the summary.`,
        ].join('\n'),
      },
      { role: 'user', content: conversation },
    ];
  }
  const system = [
    'You help an attendant answer a customer. Draft the next reply the attendant could send: in the language the customer writes, brief, polite, with only facts from the conversation or the instructions.',
    'Internal notes are context for you; never reveal them to the customer.',
    'Answer only with the reply text.',
  ];
  if (o.instructions?.trim()) system.push(`The company's instructions for this queue:\n${o.instructions.trim()}`);
  return [
    { role: 'system', content: system.join('\n\n') },
    { role: 'user', content: conversation },
  ];
}
