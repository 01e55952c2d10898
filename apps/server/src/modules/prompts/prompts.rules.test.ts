import { describe, expect, it } from 'vitest';
import { asksForPerson, chatMessages, readAnswer, ssmlFor } from './prompts.rules';

describe('asksForPerson', () => {
  it('finds a request for a person in the four languages, accents and case aside', () => {
    for (const t of [
      'quero falar com atendente',
      'ATENDENTE',
      'Humano por favor',
      'falar com uma pessoa',
      'I want a human',
      'hablar con una persona',
      'temsilci lütfen',
    ]) {
      expect(asksForPerson(t), t).toBe(true);
    }
    for (const t of ['quanto custa?', 'obrigado pelo atendimento', 'bom dia', 'humanidade'])
      expect(asksForPerson(t), t).toBe(false);
  });
});

describe('readAnswer', () => {
  it('splits at the transfer token', () => {
    expect(readAnswer('Claro! O plano custa R$ 99.')).toEqual({ text: 'Claro! O plano custa R$ 99.', transfer: false });
    expect(readAnswer('#TRANSFER')).toEqual({ text: '', transfer: true });
    expect(readAnswer('Vou chamar alguém. #TRANSFER')).toEqual({ text: 'Vou chamar alguém.', transfer: true });
  });
});

describe('chatMessages', () => {
  it('system first (instructions, transfer rule, feed), then customer as user and bot as assistant, transcriptions for audio', () => {
    const m = chatMessages(
      'Seja um vendedor.',
      [
        { fromMe: false, body: 'Oi', mediaType: 'text' },
        { fromMe: true, body: 'Olá!', mediaType: 'text' },
        { fromMe: false, body: '', mediaType: 'audio', transcription: 'quanto custa' },
      ],
      { preco: 99 },
    );
    expect(m[0].role).toBe('system');
    expect(m[0].content).toContain('Seja um vendedor.');
    expect(m[0].content).toContain('#TRANSFER');
    expect(m[0].content).toContain('{"preco":99}');
    expect(m.slice(1)).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Olá!' },
      { role: 'user', content: 'quanto custa' },
    ]);
  });
});

describe('ssmlFor', () => {
  it('escapes the text and takes the language from the voice', () => {
    expect(ssmlFor('en-US-JennyNeural', 'a < b & "c"')).toBe(
      "<speak version='1.0' xml:lang='en-US'><voice xml:lang='en-US' name='en-US-JennyNeural'>a &lt; b &amp; &quot;c&quot;</voice></speak>",
    );
  });
});
