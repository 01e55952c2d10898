import { afterEach, describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../shared/i18n';

afterEach(async () => {
  await changeLanguage('pt', false);
});

describe('plurals in the four languages (issue 31 item 13)', () => {
  it('0, 1 and 2 read right in pt, en, es and tr', async () => {
    const say = (key: string, count: number, extra: Record<string, unknown> = {}) => i18n.t(key, { count, ...extra });
    await changeLanguage('pt', false);
    expect([0, 1, 2].map((n) => say('kanban.count', n))).toEqual(['0 tickets', '1 ticket', '2 tickets']);
    expect(say('prompts.usage.cell', 1, { prompt: 10, completion: 5, turns: 1 })).toBe(
      '10 de entrada + 5 de resposta, em 1 resposta',
    );
    expect(say('queues.stepsCount', 1)).toBe('1 opção');
    await changeLanguage('en', false);
    expect([0, 1, 2].map((n) => say('kanban.count', n))).toEqual(['0 tickets', '1 ticket', '2 tickets']);
    expect(say('prompts.usage.cell', 1, { prompt: 10, completion: 5, turns: 1 })).toBe('10 prompt + 5 completion, in 1 answer');
    await changeLanguage('es', false);
    expect([0, 1, 2].map((n) => say('queues.minutes', n))).toEqual(['0 minutos', '1 minuto', '2 minutos']);
    await changeLanguage('tr', false);
    expect(say('queues.minutes', 1)).toBe('1 dakika');
  });
});
