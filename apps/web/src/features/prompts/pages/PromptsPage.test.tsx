import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import PromptsPage from './PromptsPage';

const session = sessionValue(makeUser({ profile: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

const prompt = (id: number, name: string) => ({
  id,
  name,
  prompt: 'Você é um assistente.',
  queueId: 3,
  queue: { id: 3, name: 'Vendas', color: '#00ff00' },
  apiKey: '••••3456',
  model: '',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 20,
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
  useExternalApi: false,
  apiUrl: '',
  apiJsonData: null,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
});

const figures = (promptTokens: number, completionTokens: number, turns: number) => ({
  turns,
  promptTokens,
  completionTokens,
  totalTokens: promptTokens + completionTokens,
});

describe('/prompts token use', () => {
  it("shows this month's tokens per prompt and the company's total, deleted prompts included", async () => {
    const calls = stubApi({
      '/prompt': { prompts: [prompt(1, 'Vendedor'), prompt(2, 'Suporte')], count: 2, hasMore: false },
      '/prompt/usage': {
        month: '2026-11',
        from: '2026-11-01T03:00:00.000Z',
        prompts: [
          { promptId: 1, name: 'Vendedor', ...figures(1200, 300, 12) },
          { promptId: null, name: '', ...figures(40, 10, 1) },
        ],
        total: figures(1240, 310, 13),
      },
    });
    renderWithProviders(<PromptsPage />, { session, route: '/prompts' });
    expect(await screen.findByRole('columnheader', { name: 'Tokens no mês' })).toBeTruthy();
    const summary = await screen.findByTestId('prompts-usage');
    expect(summary.textContent).toBe(
      'Uso da IA em 2026-11: 1.550 tokens (1.240 de entrada, 310 de resposta) em 13 respostas · Prompts excluídos: 50 tokens',
    );
    const sales = (await screen.findByText('Vendedor')).closest('tr') as HTMLElement;
    expect(within(sales).getByText('1.500')).toBeTruthy();
    // A prompt without turns this month shows 0.
    const support = screen.getByText('Suporte').closest('tr') as HTMLElement;
    expect(within(support).getAllByRole('cell')[3].textContent).toBe('0');
    expect(calls.some((c) => c.path === '/prompt/usage' && c.method === 'GET')).toBe(true);
  });

  it('says when the AI used no tokens this month', async () => {
    stubApi({
      '/prompt': { prompts: [prompt(1, 'Vendedor')], count: 1, hasMore: false },
      '/prompt/usage': { month: '2026-11', from: '2026-11-01T03:00:00.000Z', prompts: [], total: figures(0, 0, 0) },
    });
    renderWithProviders(<PromptsPage />, { session, route: '/prompts' });
    expect((await screen.findByTestId('prompts-usage')).textContent).toBe('Nenhum token usado pela IA em 2026-11.');
  });
});
