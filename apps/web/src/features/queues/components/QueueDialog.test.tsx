import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { QueueDialog } from './QueueDialog';

const session = sessionValue(makeUser({ profile: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

describe('QueueDialog', () => {
  it('a loaded queue fills its fields with the labels already above the text (no overlap while it loads)', async () => {
    mockFetch({
      '/queue/5': {
        id: 5,
        name: 'Suporte',
        color: '#3366ff',
        orderQueue: 2,
        greetingMessage: 'Olá! Como podemos ajudar?',
        outOfHoursMessage: '',
        ativarRoteador: false,
        tempoRoteador: 0,
        closeTicket: false,
        integrationId: null,
        fileListId: null,
        chatbots: [],
        schedules: [],
      },
      '/queue': [],
      '/companySettingOne': { value: 'disabled' },
    });
    renderWithProviders(<QueueDialog open queueId={5} onClose={() => {}} />, { session });
    const name = (await screen.findByLabelText('Nome')) as HTMLInputElement;
    expect(name.value).toBe('Suporte');
    for (const label of ['Nome', 'Ordem', 'Mensagem de saudação']) {
      const input = screen.getByLabelText(label);
      const inputLabel = document.querySelector(`label[for="${input.id}"]`);
      expect(inputLabel?.getAttribute('data-shrink'), label).toBe('true');
    }
    // the greeting says which placeholders it fills (issue 31 item 6)
    const greeting = screen.getByLabelText('Mensagem de saudação');
    const help = document.getElementById(greeting.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toBe(
      'Marcadores aceitos: {{name}} {{firstName}} {{userName}} {{queue}} {{connection}} {{protocol}} {{ms}} {{date}} {{hour}}',
    );
  });

  it('a new queue is offered a colour no queue of the company uses (the second queue failed on #2196f3)', async () => {
    mockFetch({
      '/queue': [
        { id: 1, name: 'Vendas', color: '#2196F3', chatbots: [], schedules: [] },
        { id: 2, name: 'Suporte', color: '#4caf50', chatbots: [], schedules: [] },
      ],
      '/companySettingOne': { value: 'disabled' },
    });
    renderWithProviders(<QueueDialog open queueId={null} onClose={() => {}} />, { session });
    const color = (await screen.findByLabelText('Cor')) as HTMLInputElement;
    await waitFor(() => expect(color.value).toBe('#ff9800'));
  });

  it('the assignment rule and the SLA policy are filled and saved with the queue (issue 33)', async () => {
    const queue = {
      id: 7,
      name: 'Suporte',
      color: '#3366ff',
      orderQueue: null,
      greetingMessage: 'Olá',
      outOfHoursMessage: '',
      ativarRoteador: false,
      tempoRoteador: 0,
      closeTicket: false,
      integrationId: null,
      fileListId: null,
      promptId: null,
      assignmentMode: 'roundRobin',
      assignmentCapacity: 1,
      slaFirstResponseMinutes: 30,
      slaNextResponseMinutes: null,
      slaResolutionMinutes: 480,
      slaBusinessHours: false,
      chatbots: [],
      schedules: [],
    };
    const fetch = mockFetch({ '/queue/7': queue, '/queue': [], '/companySettingOne': { value: 'disabled' } });
    renderWithProviders(<QueueDialog open queueId={7} onClose={() => {}} />, { session });
    const capacity = (await screen.findByLabelText('Capacidade por atendente')) as HTMLInputElement;
    expect(capacity.value).toBe('1');
    expect(screen.getByText('Cada ticket vai para o próximo atendente online da fila, na vez.')).toBeTruthy();
    // the seeds' rotation is the rule's delayed least-busy: with the rule on it has nothing to add
    expect((screen.getByLabelText('Rodízio de atendentes') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('A regra de distribuição da fila já entrega os tickets assim que chegam.')).toBeTruthy();
    fireEvent.change(capacity, { target: { value: '4' } });
    // The SLA policy (decision 105): an emptied target is none; the business-hours switch.
    expect((screen.getByLabelText('Primeira resposta (min)') as HTMLInputElement).value).toBe('30');
    fireEvent.change(screen.getByLabelText('Próxima resposta (min)'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('Resolução (min)'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Contar só no horário de atendimento (da fila, senão da empresa)'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => {
      const calls = fetch.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
      const put = calls.find(([, init]) => init?.method === 'PUT');
      expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
        assignmentMode: 'roundRobin',
        assignmentCapacity: 4,
        slaFirstResponseMinutes: 30,
        slaNextResponseMinutes: 15,
        slaResolutionMinutes: null,
        slaBusinessHours: true,
      });
    });
  });
});
