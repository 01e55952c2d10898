import { describe, expect, it } from 'vitest';
import { EMPTY_PROMPT, toBody, toggleExternalApi, validateAll, validateStep } from './promptForm';

const LONG = 'Você é um atendente cordial da Loja Exemplo e responde sempre em português.';

describe('prompt wizard validation (seed 001 §5)', () => {
  it('step 1: name required, 5 to 100 characters', () => {
    expect(validateStep('name', EMPTY_PROMPT)).toEqual({ name: 'prompts.errors.nameRequired' });
    expect(validateStep('name', { ...EMPTY_PROMPT, name: 'abcd' })).toEqual({ name: 'validation.tooShort' });
    expect(validateStep('name', { ...EMPTY_PROMPT, name: 'x'.repeat(101) })).toEqual({ name: 'validation.tooLong' });
    expect(validateStep('name', { ...EMPTY_PROMPT, name: 'Vendas' })).toEqual({});
  });

  it('step 2: the sector (queue) is required', () => {
    expect(validateStep('queue', EMPTY_PROMPT)).toEqual({ queueId: 'prompts.errors.queueRequired' });
    expect(validateStep('queue', { ...EMPTY_PROMPT, queueId: 3 })).toEqual({});
  });

  it('step 4: instructions of at least 50 characters; a URL when the external API is on', () => {
    expect(validateStep('instructions', EMPTY_PROMPT)).toEqual({ prompt: 'prompts.errors.instructionsRequired' });
    expect(validateStep('instructions', { ...EMPTY_PROMPT, prompt: 'curto demais' })).toEqual({
      prompt: 'prompts.errors.instructionsTooShort',
    });
    const on = toggleExternalApi({ ...EMPTY_PROMPT, prompt: LONG }, true);
    expect(validateStep('instructions', on)).toEqual({ apiUrl: 'prompts.errors.apiUrlRequired' });
    expect(validateStep('instructions', { ...on, apiUrl: 'https://api.loja.com/produtos' })).toEqual({});
  });

  it('step 5: key required on create (kept when editing), temperature 0–2, tokens, history; voice needs key and region', () => {
    expect(validateStep('settings', EMPTY_PROMPT)).toEqual({ apiKey: 'validation.required' });
    expect(validateStep('settings', EMPTY_PROMPT, { editing: true })).toEqual({});
    expect(validateStep('settings', { ...EMPTY_PROMPT, apiKey: 'sk', temperature: 3, maxTokens: 0 })).toEqual({
      temperature: 'validation.invalid',
      maxTokens: 'validation.required',
    });
    expect(validateStep('settings', { ...EMPTY_PROMPT, apiKey: 'sk', voice: 'pt-BR-FranciscaNeural' })).toEqual({
      voiceKey: 'validation.required',
      voiceRegion: 'validation.required',
    });
  });

  it('the external API switch sets the history to 0, and back to 20', () => {
    expect(toggleExternalApi(EMPTY_PROMPT, true).maxMessages).toBe(0);
    expect(toggleExternalApi(toggleExternalApi(EMPTY_PROMPT, true), false).maxMessages).toBe(20);
  });

  it('a complete form validates and becomes the API body', () => {
    const v = { ...EMPTY_PROMPT, name: 'Vendas IA', queueId: 2 as const, prompt: LONG, apiKey: ' sk-1 ' };
    expect(validateAll(v)).toEqual({});
    expect(toBody(v)).toMatchObject({
      name: 'Vendas IA',
      queueId: 2,
      apiKey: 'sk-1',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 20,
    });
  });
});
