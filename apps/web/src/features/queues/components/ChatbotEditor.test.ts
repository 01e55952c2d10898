import { parseChatbotFlow } from '@atendo/shared';
import { describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n';
import { fromDrafts, importErrorMessage, toDrafts, validateFlow } from './ChatbotEditor';

describe('chatbot flow drafts', () => {
  const flow = [
    {
      name: 'Planos e preços',
      greetingMessage: 'Qual plano?',
      queueType: 'text' as const,
      options: [
        { name: 'Plano anual', greetingMessage: '', queueType: 'queue' as const, optQueueId: 7, optUserId: 3 },
        { name: 'Falar com alguém', queueType: 'attendent' as const, optUserId: 3 },
      ],
    },
  ];

  it('round-trips a nested flow and keeps only the target of each type', () => {
    const out = fromDrafts(toDrafts(flow));
    expect(out[0].options?.[0]).toMatchObject({ name: 'Plano anual', optQueueId: 7, optUserId: null });
    expect(out[0].options?.[1]).toMatchObject({ queueType: 'attendent', optUserId: 3, optQueueId: null });
    expect(validateFlow(toDrafts(flow))).toEqual({});
  });

  it('reports the seed rules by path, at any depth', () => {
    const drafts = toDrafts([
      { name: 'Sem', options: [{ name: 'Fila', queueType: 'queue' }] },
      { name: 'Arquivos', queueType: 'file' },
    ]);
    expect(validateFlow(drafts)).toEqual({
      '0.name': 'validation.tooShort',
      '0.greetingMessage': 'validation.greetingRequired',
      '0.options.0.optQueueId': 'validation.required',
      '1.optFileId': 'validation.required',
    });
  });

  it('imports an exported flow; refuses what is not an array or not JSON', () => {
    const exported = JSON.stringify(fromDrafts(toDrafts(flow)));
    const parsed = parseChatbotFlow(exported);
    expect(parsed.ok && parsed.steps[0].options?.[0].name).toBe('Plano anual');
    expect(parseChatbotFlow('{}')).toEqual({ ok: false, error: 'notArray' });
    expect(parseChatbotFlow('[{')).toEqual({ ok: false, error: 'invalid' });
  });

  it("an import that fails names the step and the field, in the user's words and the file's key (issue 30 item 8)", async () => {
    const t = i18n.getFixedT('pt');
    const result = parseChatbotFlow(
      JSON.stringify([
        { name: 'Vendas', greetingMessage: 'Qual?', options: [{ name: 'Planos' }, { name: 'Fila', queueType: 'queue' }] },
      ]),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(importErrorMessage(t, result)).toBe(
      'Erro ao importar o fluxo: opção 1.2 («Fila»), campo «Fila de destino» (optQueueId): Obrigatório',
    );
    const inner = parseChatbotFlow('[{"name":"Vendas","options":[{"name":"Planos"}]}]');
    if (!inner.ok) {
      expect(importErrorMessage(t, inner)).toBe(
        'Erro ao importar o fluxo: opção 1 («Vendas»), campo «Mensagem» (greetingMessage): A mensagem é obrigatória para avançar para o próximo nível',
      );
    }
    const notStep = parseChatbotFlow('[{"name":"Vendas"},42]');
    if (!notStep.ok)
      expect(importErrorMessage(t, notStep)).toBe('Erro ao importar o fluxo: a opção 2 não é válida (Valor inválido).');
    const notArray = parseChatbotFlow('{}');
    if (!notArray.ok) expect(importErrorMessage(t, notArray)).toBe('Arquivo inválido. O JSON deve ser um array de etapas.');
  });
});
